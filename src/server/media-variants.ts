import { db, nowIso, type Db } from './db';
import { imageWork, sharp } from './image-work';

/**
 * Resized WebP copies of stored images, for srcset. Only these widths exist, so a visitor cannot make the
 * server resize to every number; each copy is made once, on first request, and kept in media_variant.
 */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
const VARIANT_TYPE = 'image/webp';


export function variantUrl(sha256: string, width: number): string {
  return `/media/${sha256}.w${width}.webp`;
}

export async function readVariant(sha256: string, width: number, database: Db = db()): Promise<Uint8Array | null> {
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  const media = await database.selectFrom('media').select(['id', 'content_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
  if (!media || !media.content_type.startsWith('image/')) return null;
  const stored = await database.selectFrom('media_variant').select('bytes').where('media_id', '=', media.id).where('width', '=', width).executeTakeFirst();
  if (stored) return stored.bytes;
  const bytes = new Uint8Array(
    await imageWork(() => sharp(media.bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer()),
  );
  // Two requests may race to make the same copy; the second insert is simply dropped.
  await database
    .insertInto('media_variant')
    .values({ media_id: media.id, width, content_type: VARIANT_TYPE, bytes, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['media_id', 'width']).doNothing())
    .execute();
  return bytes;
}

export interface ImageRef {
  sha256: string;
  width?: number | null;
  height?: number | null;
}

/** src, srcset and intrinsic size for an <img> of a stored image, capped at the original's width. */
export function responsiveImage(image: ImageRef, maxWidth = 1600): { src: string; srcset: string; width?: number; height?: number } {
  const original = image.width ?? maxWidth;
  const fitting = VARIANT_WIDTHS.filter((w) => w <= Math.min(original, maxWidth));
  const widths = fitting.length > 0 ? fitting : [VARIANT_WIDTHS[0]];
  return {
    src: variantUrl(image.sha256, widths[widths.length - 1]),
    srcset: widths.map((w) => `${variantUrl(image.sha256, w)} ${w}w`).join(', '),
    width: image.width ?? undefined,
    height: image.height ?? undefined,
  };
}
