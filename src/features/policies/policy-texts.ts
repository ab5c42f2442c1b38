import type { Lang } from '../../i18n/lang';
import type { PolicyDocument } from './policy-document';
import { GUIDES, WEBSITE_POLICIES, type GuideName, type WebsitePolicySlug } from './website-policies';
import { GUIDES_HI, WEBSITE_POLICIES_HI } from './website-policies.hi';
import { PRIVACY_POLICY } from './privacy-policy';
import { PRIVACY_POLICY_HI } from './privacy-policy.hi';
import { forCouncil } from '../../lib/council-placeholders';
import type { CouncilIdentity } from '../../lib/council';

/**
 * The policies and help pages in the language of a page. Both languages carry one text each, reviewed
 * together, so the date of the last review is kept here once rather than in each translation.
 */
export interface DatedDocument extends PolicyDocument {
  /** 'YYYY-MM-DD': when the council last reviewed this text (the content review policy says how often). */
  reviewed: string;
}

const REVIEWED: Readonly<Record<WebsitePolicySlug | GuideName | 'privacy', string>> = {
  privacy: '2026-11-23',
  copyright: '2026-11-20',
  hyperlinking: '2026-11-20',
  'terms-and-conditions': '2026-11-20',
  'content-contribution-moderation-approval': '2026-11-20',
  'content-archival': '2026-11-20',
  'content-review': '2026-11-20',
  help: '2026-11-28',
  screenReaderAccess: '2026-11-23',
  accessibilityStatement: '2026-11-23',
};

const POLICIES: Readonly<Record<Lang, Record<WebsitePolicySlug, PolicyDocument>>> = { en: WEBSITE_POLICIES, hi: WEBSITE_POLICIES_HI };
const GUIDE_TEXTS: Readonly<Record<Lang, Record<GuideName, PolicyDocument>>> = { en: GUIDES, hi: GUIDES_HI };

export const POLICY_SLUGS = Object.keys(WEBSITE_POLICIES) as WebsitePolicySlug[];

export function isPolicySlug(slug: string | undefined): slug is WebsitePolicySlug {
  return slug !== undefined && Object.hasOwn(WEBSITE_POLICIES, slug);
}

/** Each website policy's title in `lang` (titles name no council), for the sitemap. */
export function websitePolicyTitles(lang: Lang): [WebsitePolicySlug, string][] {
  return POLICY_SLUGS.map((slug) => [slug, POLICIES[lang][slug].title]);
}

/** One website policy in `lang` in the council's words, or undefined for a name that is none. */
export function websitePolicy(slug: string | undefined, lang: Lang, council: CouncilIdentity): DatedDocument | undefined {
  return isPolicySlug(slug) ? { ...forCouncil(POLICIES[lang][slug], council, lang), reviewed: REVIEWED[slug] } : undefined;
}

/** Every website policy in `lang`, by its address's name, in the order they are listed. */
export function websitePolicies(lang: Lang, council: CouncilIdentity): [WebsitePolicySlug, DatedDocument][] {
  return POLICY_SLUGS.map((slug) => [slug, websitePolicy(slug, lang, council)!]);
}

export function guide(name: GuideName, lang: Lang, council: CouncilIdentity): DatedDocument {
  return { ...forCouncil(GUIDE_TEXTS[lang][name], council, lang), reviewed: REVIEWED[name] };
}

export function privacyPolicy(lang: Lang, council: CouncilIdentity): DatedDocument {
  return { ...forCouncil(lang === 'hi' ? PRIVACY_POLICY_HI : PRIVACY_POLICY, council, lang), reviewed: REVIEWED.privacy };
}
