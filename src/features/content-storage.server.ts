import type { StoredContentType } from '../server/content/storage';
import { registerContentTypes } from '../server/content/registry';
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
import { videoGalleryStorage } from './videogallery/videogallery.storage.server';

/**
 * Every content type with where it is stored; server-only (see server/content/storage.ts). Importing this
 * module registers them with the server: src/features/start.server.ts does so at start.
 */
export const STORED_CONTENT_TYPES: readonly StoredContentType[] = [
  aboutStorage, sliderStorage, employeeStorage, latestNewsStorage, tenderStorage, noticeStorage, circularStorage,
  officeOrderStorage, galleryStorage, videoGalleryStorage, pressReleaseStorage,
];

// Handed to the server's content machinery, which imports no feature (server/content/registry.ts).
registerContentTypes(STORED_CONTENT_TYPES);

export { storageOf } from '../server/content/registry';
