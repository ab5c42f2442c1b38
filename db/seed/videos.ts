import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../src/server/db';
import { storeMedia } from '../../src/server/media';
import { saveTranslations } from '../../src/server/content/translation-store';

/**
 * The demo's video gallery: one uploaded clip (a 3-second WebM recorded from a canvas, kept beside this file)
 * with a poster drawn here, and one YouTube link shown with the page's own plain card (no poster of theirs).
 */
const CLIP = path.join('db', 'seed', 'fixtures', 'council-clip.webm');

const videos = [
  {
    title: 'Ward cleanliness drive: highlights',
    description: 'A short clip from the cleanliness drive in the market ward.',
    hindi: { title: 'वार्ड स्वच्छता अभियान: मुख्य अंश', description: 'बाज़ार वार्ड में चले स्वच्छता अभियान की एक छोटी झलक।' },
    clip: true,
  },
  {
    title: 'Big Buck Bunny (sample video on YouTube)',
    description: 'A sample of a video published on YouTube: it plays only when you press play.',
    hindi: { title: 'बिग बक बनी (यूट्यूब पर नमूना वीडियो)', description: 'यूट्यूब पर प्रकाशित वीडियो का एक नमूना: यह चलाएँ दबाने पर ही चलता है।' },
    youtubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
] as const;

function posterSvg(title: string): string {
  const safe = title.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#0b4f6c"/>
  <circle cx="120" cy="180" r="48" fill="#f4d35e"/><text x="40" y="80" font-family="sans-serif" font-size="30" font-weight="bold" fill="#fff">${safe}</text></svg>`;
}

/** Inserts the demo videos (published: no lifecycle row) with their Hindi texts; createdAt gives each its time. */
export async function seedVideos(db: Db, createdAt: (index: number) => string): Promise<void> {
  // The server runs from the project folder; a deployment without the fixture gets the link alone.
  const clip = fs.existsSync(CLIP) ? new Uint8Array(fs.readFileSync(CLIP)) : null;
  for (const [i, video] of videos.entries()) {
    if ('clip' in video && !clip) continue;
    const fileId = 'clip' in video && clip ? await storeMedia(clip, 'video/webm', db) : null;
    const posterId = fileId ? await storeMedia(new Uint8Array(await sharp(Buffer.from(posterSvg(video.title))).jpeg({ quality: 80 }).toBuffer()), 'image/jpeg', db) : null;
    const row = await db
      .insertInto('video_gallery')
      .values({
        title: video.title,
        description: video.description,
        youtube_url: 'youtubeUrl' in video ? video.youtubeUrl : '',
        video_media_id: fileId,
        poster_media_id: posterId,
        created_date: createdAt(i),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveTranslations(db, { typePath: 'video-gallery', recordId: row.id, lang: 'hi', by: 'seed' }, video.hindi, { title: video.title, description: video.description });
  }
}
