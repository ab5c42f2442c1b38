/**
 * The interface text of the public pages in English, one file per area. The Hindi catalogue (../hi) must
 * have the same keys (the compiler checks), so no page frame can be left with an English string in Hindi.
 */
import { frame } from './frame';

export const en = { frame };
