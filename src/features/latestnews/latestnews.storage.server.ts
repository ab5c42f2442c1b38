import { contentStorage } from '../../server/content/storage';
import { latestNewsType } from './latestnews.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const latestNewsStorage = contentStorage(latestNewsType, {
  table: 'latest_news',
  columns: { title: 'title', description: 'description' },
  files: {},
  orderBy: 'created_date',
});
