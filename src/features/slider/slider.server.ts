import { db, type Db } from '../../server/db';
import { listRecords, storedText, type MediaInfo } from '../../server/content/records';
import { sliderType } from './slider.schema';
import type { Lang } from '../../i18n/lang';
import { englishFields, localizeRecords } from '../translation/localize.server';


/** One slide of the home page's banner. */
export interface Slide {
  picture: MediaInfo;
  /** Shown with the picture; '' when there is none. */
  caption: string;
  /** The picture's alt text; '' when nobody wrote one. */
  pictureDescription: string;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

/** The slides in the order they were added, so the council's welcome banner leads. */
export async function listSlides(lang: Lang = 'en', database: Db = db()): Promise<Slide[]> {
  const records = await localizeRecords(sliderType, await listRecords(sliderType, { visibility: 'live' }, database), lang, database);
  return records.reverse().flatMap((record) => {
    const picture = record.media.sliderPath;
    return picture ? [{ picture, caption: storedText(record.values.caption), pictureDescription: storedText(record.values.pictureDescription), english: englishFields(record) }] : [];
  });
}
