import type { Messages } from '../../messages';
import { frame } from './frame';
import { feedback } from './feedback';
import { feeds } from './feeds';
import { footer } from './footer';
import { policies } from './policies';
import { sitemap } from './sitemap';

/** The interface text of the public pages in Hindi: the same areas and keys as ../en. */
export const hi: Messages = { frame, footer, policies, feedback, sitemap, feeds };
