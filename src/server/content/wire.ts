import type { ContentTypeDef } from '../../lib/content-type';
import { mediaUrl, toBase64 } from '../media';
import type { ContentRecord } from './records';

/**
 * A record as the API answers it: the names of docs/legacy-contract.md §5, files as base64 (what old clients read)
 * or, when our own screens ask with ?media=url, as their stable /media/ URL.
 */
export type MediaMode = 'base64' | 'url';

export function toWire(def: ContentTypeDef, record: ContentRecord, mode: MediaMode): Record<string, unknown> {
  const { values, media } = record;
  const out: Record<string, unknown> = { id: record.id };
  for (const field of def.fields) {
    const value = values[field.key];
    out[field.key] = field.input === 'checkbox' ? value === 1 : value ?? null;
  }
  for (const slot of def.files) {
    const file = media[slot.key];
    // A file whose bytes were left out of a base64 answer (over its budget, see inlineWithinBudget) is named by its URL.
    out[slot.key] = !file ? null : mode === 'url' || !file.bytes ? mediaUrl(file.sha256, file.contentType) : toBase64(file.bytes);
  }
  out[def.createdKey ?? 'createdDate'] = record.createdDate;
  return out;
}

export function mediaModeOf(url: URL): MediaMode {
  return url.searchParams.get('media') === 'url' ? 'url' : 'base64';
}

/** The mode a content type's answer uses: a type declared filesAsUrl is always answered with addresses. */
export function mediaModeFor(def: ContentTypeDef, url: URL): MediaMode {
  return def.filesAsUrl ? 'url' : mediaModeOf(url);
}

/** A stored record's field values as a form or a JSON body would carry them. */
export function storedValues(def: ContentTypeDef, record: ContentRecord): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = record.values[field.key];
    values[field.key] = field.input === 'checkbox' ? value === 1 : value ?? '';
  }
  return values;
}
