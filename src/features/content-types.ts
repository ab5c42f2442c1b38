import type { ContentTypeDef } from '../lib/content-type';
import { archiveOfType, type ArchiveDef } from '../lib/validity';
import { aboutType } from './about/about.schema';
import { circularType } from './circular/circular.schema';
import { employeeType } from './employee/employee.schema';
import { galleryType } from './gallery/gallery.schema';
import { latestNewsType } from './latestnews/latestnews.schema';
import { noticeType } from './notice/notice.schema';
import { officeOrderType } from './officeorder/officeorder.schema';
import { pressReleaseType } from './pressrelease/pressrelease.schema';
import { sliderType } from './slider/slider.schema';
import { tenderType } from './tender/tender.schema';
import { videoGalleryType } from './videogallery/videogallery.schema';

/** Every managed content type, in the back office sidebar's order. */
export const CONTENT_TYPES: readonly ContentTypeDef[] = [
  aboutType, sliderType, employeeType, latestNewsType, tenderType, noticeType, circularType, officeOrderType, galleryType, videoGalleryType, pressReleaseType,
];

/** The public archive pages, from the types that declare one. */
export const ARCHIVES: readonly ArchiveDef[] = CONTENT_TYPES.flatMap((def) => archiveOfType(def) ?? []);

export function archiveBySlug(slug: string | undefined): ArchiveDef | undefined {
  return ARCHIVES.find((archive) => archive.slug === slug);
}

/** API paths are matched case-insensitively, as the old server did. */
export function contentTypeByPath(path: string | undefined): ContentTypeDef | undefined {
  const wanted = (path ?? '').toLowerCase();
  return CONTENT_TYPES.find((type) => type.path === wanted);
}
