import { COUNCIL } from '../../lib/council-placeholders';
import type { PolicyDocument, PolicySection } from './policy-document';

/** The privacy policy in English; privacy-policy.hi.ts is its Hindi, section for section (the same ids). */
const council = COUNCIL.name;
const sections: PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    paragraphs: [
      `You can read every public page of the ${council} portal without telling us who you are. We collect personal information only when you give it to us, for example when you register a grievance at our office or by telephone, apply for a licence, or write to us.`,
      'Depending on the service, this may include:',
    ],
    points: [
      'your name, address, ward, telephone number and e-mail address;',
      'details of your grievance or application and any photographs or documents you provide;',
      'technical information your browser sends with every request, such as the IP address, the page asked for, the date and time, and the type of browser.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    paragraphs: [
      'Public pages set no cookies and use no advertising or tracking cookies of any kind.',
      'When council staff sign in to the back office, a single session cookie keeps them signed in. It holds a random token, is sent only to this site, cannot be read by scripts, and expires when the member of staff signs out or after a short period of inactivity.',
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    paragraphs: ['We use the information you give us only for the purpose for which you gave it:'],
    points: [
      'to register, forward, act upon and report on your grievance or application;',
      'to contact you about it, including asking for more details;',
      'to publish, without your name or contact details, the status of grievances so that citizens can see how the council responds;',
      'to keep the portal secure and working, and to count visits in aggregate.',
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing of information',
    paragraphs: [
      'We do not sell, rent or trade personal information. We share it only with the council officers and departments who need it to deal with your request, with other government bodies where your request concerns them, and where the law requires us to, for example on the order of a court.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    paragraphs: [
      'We protect the information we hold against loss, misuse and unauthorised access. Access to the back office is limited to authorised staff with individual accounts; passwords are stored only in a form that cannot be turned back into the password; and every request to the back office is checked against the signed-in account.',
      'No system connected to the internet is entirely secure. If you believe your information has been misused, tell us at once using the contact details below.',
    ],
  },
  {
    id: 'retention',
    title: 'Retention of information',
    paragraphs: [
      'We keep personal information only as long as needed for the purpose for which it was collected and for the periods set by the record-keeping rules that apply to municipal bodies. Records are then destroyed or made anonymous.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    paragraphs: ['You may:'],
    points: [
      'ask what personal information the council holds about you;',
      'ask us to correct information that is wrong or incomplete;',
      'ask us to delete information that we no longer need to keep;',
      'seek information about the council’s work under the Right to Information Act, 2005.',
    ],
  },
  {
    id: 'children',
    title: 'Children',
    paragraphs: [
      'This portal is meant for the general public and does not knowingly collect personal information from children under 18. A parent or guardian should deal with the council on behalf of a child.',
    ],
  },
  {
    id: 'external-links',
    title: 'Links to other websites',
    paragraphs: [
      'The portal links to websites of the State and Central Governments and other organisations. Those links open in a new tab. We are not responsible for the content or the privacy practices of those websites; please read their own policies.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    paragraphs: [
      'We may update this policy when our services or the law change. The revised policy will be published on this page with its date; please check it from time to time.',
    ],
  },
  {
    id: 'grievance-officer',
    title: 'Grievance officer',
    paragraphs: [
      `Complaints about the handling of personal information may be addressed to the Grievance Officer, ${council}, at the office address below. The officer will acknowledge your complaint and try to resolve it within thirty days.`,
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    paragraphs: [
      `${council}, ${COUNCIL.address}.`,
      `Mail: ${COUNCIL.email} · Phone: ${COUNCIL.phone} · Toll-free: ${COUNCIL.tollFree}`,
      `Office hours: ${COUNCIL.hours}.`,
    ],
  },
];

export const PRIVACY_POLICY: PolicyDocument = {
  title: 'Privacy Policy',
  description: `How ${council} collects, uses and protects personal information.`,
  lead: `${council} respects the privacy of every visitor to this portal. This policy explains what information we collect, why, and how we look after it.`,
  sections,
};
