import { documentStorage } from '../shared/document-type.server';
import { noticeType } from './notice.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const noticeStorage = documentStorage(noticeType, 'notice');
