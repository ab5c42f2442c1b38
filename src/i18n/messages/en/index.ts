/**
 * The interface text of the public pages in English, one file per area. The Hindi catalogue (../hi) must
 * have the same keys (the compiler checks), so no page frame can be left with an English string in Hindi.
 */
import { frame } from './frame';
import { feedback } from './feedback';
import { feeds } from './feeds';
import { footer } from './footer';
import { policies } from './policies';
import { sitemap } from './sitemap';

export const en = { frame, footer, policies, feedback, sitemap, feeds };
