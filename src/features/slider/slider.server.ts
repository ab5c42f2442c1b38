import { db, type Db } from '../../server/db';
import { listRecords, type MediaInfo } from '../../server/content/records';
import { sliderType } from './slider.schema';

/** The slider's pictures in the order they were added, so the council's welcome banner leads. */
export async function listSlidePictures(database: Db = db()): Promise<MediaInfo[]> {
  const records = await listRecords(sliderType, {}, database);
  return records.reverse().flatMap((record) => (record.media.sliderPath ? [record.media.sliderPath] : []));
}
