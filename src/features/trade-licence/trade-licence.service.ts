import { defineService, type Party, type Requirement } from '../cases/service';
import { messages } from '../../i18n/messages';
import { pathIn } from '../../i18n/lang';
import { documentsRequirement, replacementsRequirement, unchangedRenewalRequirement } from './requirements';
import { cancelLicencePaidBy, issueLicence } from './licence-issue';
import { applicationSchema } from './application-schema';
import { tradeLicenceFacts } from './staff-facts';
import { VERDICT_EVENT, verdictEventWords } from './verdict-words';

/**
 * The trade licence, the second service on the case kernel. Each stage has its own role (so the person who
 * checks the papers is not the one who approves) and its own due time; the verifier's per-document verdicts,
 * the payment and the replaced documents are requirements read from the database in the step's transaction.
 *
 *   Applied ─verify─► Inspection ─forward─► PendingApproval ─approve─► PendingPayment ─pay (system)─► Issued
 *   any reviewer: reject ─► Rejected; sendBack ─► NeedsApplicant ─resubmit─► Applied
 *   an unchanged renewal: renewUnchanged (system) Applied ─► PendingPayment, no new inspection
 *   approver: cancel an Issued licence ─► Cancelled; the system: expire past its validity ─► Expired
 */
const REVIEWERS: readonly Party[] = ['verifier', 'inspector', 'approver', 'admin'];

const REPORT_MIN_LENGTH = 10;
const report: Requirement = {
  check: (c) => (c.note.trim().length >= REPORT_MIN_LENGTH ? null : { status: 400, message: 'Write the inspection report (at least a sentence).', field: 'note' }),
  note: { en: 'Inspection report (required: what was found at the premises)', hi: 'निरीक्षण रिपोर्ट (आवश्यक: परिसर में क्या पाया गया)', minLength: REPORT_MIN_LENGTH },
};

export const TRADE_LICENCE = defineService({
  name: 'trade-licence',
  title: { en: 'Trade licence', hi: 'व्यापार लाइसेंस' },
  noun: 'application',
  series: { name: 'trade-licence', code: 'TL', shows: 'day' },
  // Identity proofs, premises papers, the owner's photo: for the reviewers and the applicant, nobody else.
  privateFiles: true,
  initial: 'Applied',
  states: {
    Applied: { en: 'Applied', hi: 'आवेदन किया', open: true, dueHours: 72 },
    Inspection: { en: 'Field inspection', hi: 'स्थल निरीक्षण', open: true, dueHours: 120 },
    PendingApproval: { en: 'Pending approval', hi: 'स्वीकृति बाकी', open: true, dueHours: 48 },
    NeedsApplicant: { en: 'Needs the applicant', hi: 'आवेदक से सुधार अपेक्षित' },
    PendingPayment: { en: 'Pending payment', hi: 'भुगतान बाकी' },
    Issued: { en: 'Issued', hi: 'जारी' },
    Rejected: { en: 'Rejected', hi: 'अस्वीकृत' },
    Cancelled: { en: 'Cancelled', hi: 'रद्द' },
    Expired: { en: 'Expired', hi: 'अवधि समाप्त' },
  },
  transitions: {
    verify: { label: 'Documents verified', hi: 'दस्तावेज़ सत्यापित', from: ['Applied'], to: 'Inspection', by: ['verifier', 'admin'], requires: ['documents'], message: 'verified' },
    forward: { label: 'Inspected: forward for approval', hi: 'निरीक्षण हुआ: स्वीकृति हेतु भेजें', from: ['Inspection'], to: 'PendingApproval', by: ['inspector', 'admin'], requires: ['report'] },
    approve: { label: 'Approve', hi: 'स्वीकृत करें', from: ['PendingApproval'], to: 'PendingPayment', by: ['approver', 'admin'], message: 'approved' },
    // Taken by payments in the receipt's transaction (the fee below); the licence is this step's effect.
    pay: {
      label: 'Fee paid: issue the licence', hi: 'शुल्क जमा: लाइसेंस जारी', from: ['PendingPayment'], to: 'Issued', by: ['system'], requires: ['payment'], message: 'issued',
      effect: issueLicence,
    },
    renewUnchanged: {
      label: 'Unchanged renewal: to payment', hi: 'बिना बदलाव नवीकरण: भुगतान हेतु', from: ['Applied'], to: 'PendingPayment', by: ['system'], requires: ['unchangedRenewal'], message: 'approved',
    },
    sendBack: {
      label: 'Send back to the applicant', hi: 'आवेदक को वापस भेजें', from: ['Applied', 'Inspection', 'PendingApproval'], to: 'NeedsApplicant', by: REVIEWERS,
      requires: ['reason'], publicNote: true, message: 'sentBack', tone: 'secondary',
    },
    resubmit: {
      label: 'Resubmit', hi: 'फिर से जमा करें', from: ['NeedsApplicant'], to: 'Applied', by: ['citizen', 'user', 'admin'], requires: ['replacements'], message: 'resubmitted',
      // Staff send a new file for each refused document: the panel (TradeLicencePanel.astro) asks for them by name.
      inPanel: true,
    },
    // Ending the application is never drawn as the way on: the forward step (verify, forward, approve) is.
    reject: {
      label: 'Reject', hi: 'अस्वीकार करें', from: ['Applied', 'Inspection', 'PendingApproval'], to: 'Rejected', by: REVIEWERS, requires: ['reason'], publicNote: true, message: 'rejected',
      tone: 'danger',
    },
    cancel: { label: 'Cancel the licence', hi: 'लाइसेंस रद्द करें', from: ['Issued'], to: 'Cancelled', by: ['approver', 'admin'], requires: ['reason'], publicNote: true, message: 'cancelled', tone: 'danger' },
    // The day after the licence's last valid day (India's calendar): the kernel's timed steps take it.
    expire: { label: 'Expired', hi: 'अवधि समाप्त', from: ['Issued'], to: 'Expired', by: ['system'], message: 'expired', afterHours: 24, afterDayOf: 'validUntil' },
  },
  lodgedBy: ['citizen', 'user', 'admin'],
  // The fee lodged with the application (fee.ts worked it out), paid online on the tracking page or at the counter.
  fee: {
    paise: (c) => Number(c.data.feePaise),
    title: { en: 'Trade licence fee', hi: 'व्यापार लाइसेंस शुल्क' },
    referenceName: { en: 'Application number', hi: 'आवेदन संख्या' },
    returnPath: (lang, transactionId) => pathIn(lang, `/tradelicense/track?txn=${encodeURIComponent(transactionId)}`),
    onCancelled: cancelLicencePaidBy,
  },
  requirements: { documents: documentsRequirement, replacements: replacementsRequirement, unchangedRenewal: unchangedRenewalRequirement, report },
  requirementWords: { reason: 'Say what is wrong, in words the applicant can act on.' },
  data: applicationSchema,
  // The public may know a trade by its name, its trade and its place: never its owners, their PAN or address.
  publicView: (c) => ({
    number: c.number, state: c.state, lodgedAt: c.lodgedAt, dueAt: c.dueAt, overdue: c.overdue, tradeName: c.data.tradeName, tradeType: c.data.tradeType,
    licenceNumber: c.data.licenceNumber ?? null, validUntil: c.data.validUntil ?? null,
  }),
  staffFacts: tradeLicenceFacts,
  // The verifier's word on each document is an entry of the timeline of its own (verdicts.server.ts).
  eventWords: (event, lang) => (event.action === VERDICT_EVENT ? verdictEventWords(event.data, lang) : undefined),
  // Everything on the staff's list is what the applicant gave or is owed (the fee, the licence and its dates).
  citizenFacts: tradeLicenceFacts,
  // Replacing documents and paying happen on the application's own page (found by number and mobile there).
  citizenSteps: (c, lang) => {
    const t = messages(lang).tradeLicence;
    const track = `/tradelicense/track?number=${encodeURIComponent(c.number)}`;
    if (c.state === 'NeedsApplicant') return [{ key: 'replace', label: t.replaceHeading, path: track }];
    if (c.state === 'PendingPayment') return [{ key: 'pay', label: t.pay, path: track }];
    if (c.state === 'Issued' && c.data.licenceNumber) return [{ key: 'certificate', label: t.certificate, path: `/tradelicense/certificate/${encodeURIComponent(String(c.data.licenceNumber))}.pdf` }];
    return [];
  },
  catalogue: (lang) => messages(lang).tradeLicenceMessages,
});

