import type { ContentTypeDef } from './shared/content-type';
import type { AnyContentStorage, StoredContentType } from '../server/content/storage';
import { aboutStorage } from './about/about.storage.server';
import { circularStorage } from './circular/circular.storage.server';
import { employeeStorage } from './employee/employee.storage.server';
import { galleryStorage } from './gallery/gallery.storage.server';
import { latestNewsStorage } from './latestnews/latestnews.storage.server';
import { noticeStorage } from './notice/notice.storage.server';
import { officeOrderStorage } from './officeorder/officeorder.storage.server';
import { pressReleaseStorage } from './pressrelease/pressrelease.storage.server';
import { sliderStorage } from './slider/slider.storage.server';
import { tenderStorage } from './tender/tender.storage.server';

/** Every content type with where it is stored; server-only (see server/content/storage.ts). */
export const STORED_CONTENT_TYPES: readonly StoredContentType[] = [
  aboutStorage, sliderStorage, employeeStorage, latestNewsStorage, tenderStorage, noticeStorage, circularStorage,
  officeOrderStorage, galleryStorage, pressReleaseStorage,
];

const byPath = new Map(STORED_CONTENT_TYPES.map((stored) => [stored.def.path, stored.storage]));

export function storageOf(def: ContentTypeDef): AnyContentStorage {
  const storage = byPath.get(def.path);
  if (!storage) throw new Error(`No storage is declared for the content type ${def.path}.`);
  return storage;
}
