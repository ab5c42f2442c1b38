import type { Messages } from '../../messages';
import { frame } from './frame';

/** The interface text of the public pages in Hindi: the same areas and keys as ../en. */
export const hi: Messages = { frame };
