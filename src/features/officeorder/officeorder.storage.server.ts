import { documentStorage } from '../shared/document-type.server';
import { officeOrderType } from './officeorder.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const officeOrderStorage = documentStorage(officeOrderType, 'office_order');
