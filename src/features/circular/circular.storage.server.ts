import { documentStorage } from '../shared/document-type.server';
import { circularType } from './circular.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const circularStorage = documentStorage(circularType, 'circular');
