import type { ContentTypeDef } from '../../lib/content-type';
import type { StoredValue } from '../../server/content/records';
import { noticeType } from '../notice/notice.schema';
import { circularType } from '../circular/circular.schema';
import { officeOrderType } from '../officeorder/officeorder.schema';
import { tenderType } from '../tender/tender.schema';
import { latestNewsType } from '../latestnews/latestnews.schema';
import { pressReleaseType } from '../pressrelease/pressrelease.schema';

/**
 * The content the site search covers, and which of each record's fields it reads: the searched title (as
 * shown in the results) and body. Text is by field key, in whichever language is being indexed (a
 * tender's number, never translated, reads the same in both); a title is '' when it has no text.
 */
export interface SearchSource {
  def: ContentTypeDef;
  /** The fields whose translation makes a record searchable in another language. */
  translatableKeys: readonly string[];
  title: (text: (key: string) => string) => string;
  body: (text: (key: string) => string) => string;
}

const titleAndDescription = (def: ContentTypeDef): SearchSource => ({
  def,
  translatableKeys: ['title', 'description'],
  title: (text) => text('title'),
  body: (text) => text('description'),
});

export const SEARCH_SOURCES: readonly SearchSource[] = [
  titleAndDescription(noticeType),
  titleAndDescription(circularType),
  titleAndDescription(officeOrderType),
  {
    def: tenderType,
    translatableKeys: ['tender_title', 'tender_discreption'],
    title: (text) => (text('tender_no') && text('tender_title') ? `${text('tender_title')} (${text('tender_no')})` : text('tender_title')),
    body: (text) => text('tender_discreption'),
  },
  titleAndDescription(latestNewsType),
  titleAndDescription(pressReleaseType),
];

export const searchSourceOf = (typePath: string): SearchSource | undefined => SEARCH_SOURCES.find((source) => source.def.path === typePath);

/** A stored value as searchable text: control characters (never meaningful in content) become spaces. */
export const searchableText = (value: StoredValue | undefined): string =>
  String(value ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
