import { contentStorage } from '../../server/content/storage';
import { pressReleaseType } from './pressrelease.schema';
import { pressReleaseFeedItems } from './pressrelease.server';

/** Where this type's records live (see server/content/storage.ts). */
export const pressReleaseStorage = contentStorage(pressReleaseType, {
  table: 'press_release',
  columns: {
    title: 'title',
    description: 'description',
    releaseNewsPaperName: 'release_news_paper_name',
    releasesPageNo: 'releases_page_no',
    releaseDate: 'release_date',
  },
  files: { photoPath: 'photo_media_id' },
  orderBy: 'release_date',
}, { feedItems: pressReleaseFeedItems });
