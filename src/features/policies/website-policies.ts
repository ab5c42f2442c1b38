import { COUNCIL } from '../../lib/council-placeholders';
import type { PolicyDocument, PolicySection } from './policy-document';
import { staffRoles } from '../../i18n/messages/en/staff-roles';
import type { Role } from '../../server/db-schema';

/**
 * The website policies the Guidelines for Indian Government Websites (GIGW 3.0) ask every government site to
 * publish, written for this council, and the help pages beside them. The privacy policy has its own page.
 */
const council = COUNCIL.name;
const contact = `${council}, ${COUNCIL.address}. Mail: ${COUNCIL.email}. Phone: ${COUNCIL.phone}.`;

export const WEBSITE_POLICIES = {
  copyright: {
    title: 'Copyright Policy',
    description: `Who may reproduce material published on the ${council} portal, and how.`,
    lead: `Material on this portal is published by ${council} for the public and may be reproduced free of charge, on the terms below.`,
    sections: [
      {
        id: 'reproduction',
        title: 'Reproducing our material',
        paragraphs: [
          'You may reproduce notices, circulars, office orders, tenders, news and other material from this portal free of charge in any format or medium, without asking for permission, provided that:',
        ],
        points: [
          'it is reproduced accurately and is not used in a misleading or derogatory manner;',
          `the source is acknowledged as "${council}", with the address of the page;`,
          'a document that has since been replaced or withdrawn is not presented as current.',
        ],
      },
      {
        id: 'third-party',
        title: 'Material from others',
        paragraphs: [
          'This permission does not extend to material identified as the copyright of a third party, such as photographs credited to others or documents of other departments. Permission to reproduce such material must be obtained from the department or person concerned.',
        ],
      },
      {
        id: 'questions',
        title: 'Questions',
        paragraphs: [`Write to us if you are unsure whether you may reproduce something: ${contact}`],
      },
    ],
  },
  hyperlinking: {
    title: 'Hyperlinking Policy',
    description: `How the ${council} portal links to other websites, and how other websites may link to it.`,
    lead: 'This policy explains links from this portal to other websites and links from other websites to this portal.',
    sections: [
      {
        id: 'links-to-other-sites',
        title: 'Links to other websites',
        paragraphs: [
          'At many places this portal links to websites of other government bodies and organisations, for your convenience. Such links are marked as external and open in a new tab.',
          `${council} is not responsible for the contents or reliability of linked websites and does not necessarily endorse the views expressed in them. We cannot guarantee that these links will work all the time, and we have no control over the availability of linked pages.`,
        ],
      },
      {
        id: 'links-to-this-site',
        title: 'Links to this portal from other websites',
        paragraphs: [
          'We do not object to your linking directly to information hosted on this portal, and no prior permission is required. We do ask that you tell us about any link you provide, so that we can inform you of changes or updates.',
          'Our pages may not be loaded into frames on your site: they must open in a newly opened browser window or tab of the user.',
        ],
      },
    ],
  },
  'terms-and-conditions': {
    title: 'Terms & Conditions',
    description: `The terms on which the ${council} portal is offered.`,
    lead: `This portal is designed, developed and maintained by ${council}. By using it you accept the following terms.`,
    sections: [
      {
        id: 'accuracy',
        title: 'Accuracy of information',
        paragraphs: [
          'Though every effort is made to keep the content of this portal accurate and up to date, it should not be construed as a statement of law or used for any legal purposes. In case of any ambiguity or doubt, please verify with the council office or the department concerned, and obtain appropriate professional advice.',
          `Under no circumstances will ${council} be liable for any expense, loss or damage arising from the use of, or loss of use of, data arising out of or in connection with the use of this portal.`,
        ],
      },
      {
        id: 'documents',
        title: 'Documents and tenders',
        paragraphs: [
          'Tender documents, notices and orders published here are copies for information. The signed original held at the council office prevails where the two differ. Closing dates and times are Indian Standard Time.',
        ],
      },
      {
        id: 'law',
        title: 'Governing law',
        paragraphs: [
          `These terms are governed by the laws of India. Any dispute arising under them is subject to the jurisdiction of the courts of ${COUNCIL.district} district, ${COUNCIL.state}.`,
        ],
      },
    ],
  },
  'content-contribution-moderation-approval': {
    title: 'Content Contribution, Moderation & Approval Policy',
    description: `Who writes, checks and approves what is published on the ${council} portal.`,
    lead: 'Every item on this portal is contributed by a department of the council, checked, and approved before it is published.',
    sections: [
      {
        id: 'contributors',
        title: 'Contributors',
        paragraphs: [
          'Each section of the council (tenders, establishment, public works, sanitation, revenue, public relations) contributes the content for its own subjects through the back office. Only staff with an account given by the council may contribute.',
        ],
      },
      {
        id: 'moderation',
        title: 'Moderation',
        paragraphs: ['Before it is approved, every item is checked for:'],
        points: [
          'accuracy and completeness, against the signed original;',
          'language that is clear and free of errors;',
          'compliance with the copyright, hyperlinking and privacy policies;',
          'documents that open and are accessible (searchable PDF, alternative text for pictures).',
        ],
      },
      {
        id: 'approval',
        title: 'Approval',
        paragraphs: [
          'The Executive Officer, or an officer nominated by them, approves items for publication. Every change to published content is recorded in the audit log with who made it and when.',
        ],
      },
    ],
  },
  'content-archival': {
    title: 'Content Archival Policy',
    description: `When items leave the live lists of the ${council} portal, and where to find them after.`,
    lead: 'Time-bound content leaves the live lists when its validity ends and stays available in the archive.',
    sections: [
      {
        id: 'entry-and-exit',
        title: 'Validity of each kind of content',
        paragraphs: ['Each item carries the date until which it is valid:'],
        points: [
          'tenders: until their closing date and time, after which they are listed under past tenders;',
          'notices, circulars and office orders: until the date stated in them, or for one year from issue;',
          'news: for three months from publication;',
          'directories, the about text and policies: until replaced; they are reviewed as set out in the content review policy.',
        ],
      },
      {
        id: 'archive',
        title: 'The archive',
        paragraphs: [
          'Items past their validity remain on the portal, marked as archived, so that citizens can still find them. Items are removed altogether only when a law, a court order or the privacy policy requires it.',
        ],
      },
    ],
  },
  'content-review': {
    title: 'Content Review Policy',
    description: `How often the content of the ${council} portal is reviewed to keep it current.`,
    lead: 'Every kind of content is reviewed on a fixed schedule, so that what the portal shows is current.',
    sections: [
      {
        id: 'schedule',
        title: 'Review schedule',
        paragraphs: ['Content is reviewed by the section that contributed it:'],
        points: [
          'tenders, notices, circulars, office orders and news: as they are issued, and weekly for validity;',
          'officials and employee directories: monthly, and at once on any transfer or election;',
          'the about text, services and contact details: every three months;',
          'website policies: every year, or when the law or guidelines change.',
        ],
      },
      {
        id: 'feedback',
        title: 'Your corrections',
        paragraphs: ['If you find anything on this portal that is out of date or wrong, please tell us through the feedback page; the section concerned will check and correct it.'],
      },
    ],
  },
} satisfies Record<string, PolicyDocument>;

export type WebsitePolicySlug = keyof typeof WEBSITE_POLICIES;

/** The help's section on staff accounts, in either language: every role, by its name, with what it does. */
export function rolesSection(words: typeof staffRoles): PolicySection {
  const roles = Object.keys(words.names) as Role[];
  return { id: 'staff-roles', title: words.heading, paragraphs: [words.intro], points: roles.map((role) => `${words.names[role]}: ${words.duties[role]}`) };
}

export const HELP: PolicyDocument = {
  title: 'Help',
  description: `How to find your way around the ${council} portal.`,
  lead: 'This page helps you find information on the portal and use it with any device.',
  sections: [
    {
      id: 'finding',
      title: 'Finding information',
      paragraphs: ['The main menu at the top of every page groups the portal into About Us, Tenders, Documents, Grievance, Services and Gallery. The search box finds notices, tenders and other documents by their words. The sitemap lists every page.'],
    },
    {
      id: 'documents',
      title: 'Opening documents',
      paragraphs: ['Documents are published as PDF files. Most phones and browsers open them directly; otherwise install a free PDF reader. Each download link names the file after the document\'s title.'],
    },
    {
      id: 'display',
      title: 'Text size and contrast',
      paragraphs: ['The A-, A and A+ buttons at the top of every page make the text smaller or larger, and the contrast button switches to white text on black. Your choice is remembered on this device. Your browser\'s own zoom (Ctrl and + on a computer, pinching on a phone) works on every page too.'],
    },
    rolesSection(staffRoles),
    {
      id: 'contact',
      title: 'Still need help?',
      paragraphs: [`Write to us through the feedback page, or contact the office: ${contact} Office hours: ${COUNCIL.hours}.`],
    },
  ],
};

export const SCREEN_READER_ACCESS: PolicyDocument = {
  title: 'Screen Reader Access',
  description: 'Screen readers that work with this portal, and where to get them.',
  lead: 'This portal follows the Web Content Accessibility Guidelines (WCAG) 2.1 level AA, so people who are blind or have low vision can use it with a screen reader.',
  sections: [
    {
      id: 'readers',
      title: 'Screen readers you can use',
      paragraphs: ['The following screen readers read this portal aloud:'],
      points: [
        'NVDA (NonVisual Desktop Access), free and open source, for Windows: nvaccess.org;',
        'JAWS, commercial, for Windows: freedomscientific.com;',
        'Orca, free, for Linux desktops, included with most distributions;',
        'TalkBack, free, built into Android phones (Settings, Accessibility);',
        'VoiceOver, free, built into iPhones, iPads and Mac computers.',
      ],
    },
    {
      id: 'hindi',
      title: 'Hindi',
      paragraphs: ['Hindi text on this portal is marked as Hindi, so screen readers that have a Hindi voice (NVDA with eSpeak, TalkBack, VoiceOver) switch to it. Every page is also in Hindi at an address beginning /hi, and the language button at the top opens the same page in the other language.'],
    },
    {
      id: 'navigation',
      title: 'Moving around a page',
      paragraphs: ['Every page starts with a "Skip to content" link, has one main heading, and uses headings, lists and tables that screen readers can move through. Every picture has a text description.'],
    },
  ],
};

export const ACCESSIBILITY_STATEMENT: PolicyDocument = {
  title: 'Accessibility Statement',
  description: `How accessible the ${council} portal is, and how to report a barrier.`,
  lead: `${council} wants this portal to be usable by everyone, whatever their device, technology or ability.`,
  sections: [
    {
      id: 'standard',
      title: 'The standard we meet',
      paragraphs: ['The portal is built to meet the Guidelines for Indian Government Websites (GIGW 3.0) and the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. Each page is checked with automated accessibility tests before it is released.'],
    },
    {
      id: 'features',
      title: 'What you can do',
      paragraphs: ['On this portal you can:'],
      points: [
        'use it with the keyboard alone, with a visible focus on every link and button;',
        'use a screen reader (see Screen Reader Access);',
        'make the text larger or smaller and switch to high contrast, without scripts, and have the choice remembered;',
        'zoom to 200% or more and read pages on a phone without scrolling sideways.',
      ],
    },
    {
      id: 'known-limits',
      title: 'Known limitations',
      paragraphs: ['Some older documents are scanned copies without searchable text. If you need one in an accessible format, ask us through the feedback page and we will send it within ten working days.'],
    },
    {
      id: 'report',
      title: 'Reporting a barrier',
      paragraphs: [`If you find anything you cannot use, please tell us through the feedback page or contact the office: ${contact}`],
    },
  ],
};

/** The help pages beside the policies, by name: each has a page of its own (/help, /screen-reader-access, …). */
export const GUIDES = { help: HELP, screenReaderAccess: SCREEN_READER_ACCESS, accessibilityStatement: ACCESSIBILITY_STATEMENT };

export type GuideName = keyof typeof GUIDES;
