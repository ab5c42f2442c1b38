import { mixed, number, object, string } from 'yup';
import { defineService, type Party, type Requirement, type StaffFact, type PublicCase, type Lang } from '../cases/service';
import { rupees } from '../payments/money';
import { CONNECTION_TYPES, PIPE_SIZES } from './tariff';
import { waterWords } from './water-words';
import { arrearsRequirement, connectionFeeRequirement } from './requirements';

/**
 * Piped water, the third service on the case kernel: one case carries a connection from the application to
 * its disconnection and back. The reviewers are the trade licence's three stages (the papers, the site, the
 * sanction), so no office needs new desks; the fee and deposit are a payable, and paying them lays the
 * connection (its number and the plumber's work order).
 *
 *   Applied ─verify─► Inspection ─inspect (photo, report)─► PendingApproval ─approve─► PendingPayment ─pay (system)─► Connected
 *   any reviewer: sendBack ─► NeedsApplicant ─resubmit─► Applied; reject ─► Rejected
 *   Connected ─requestDisconnection─► DisconnectionRequested ─disconnect─► Disconnected
 *   Disconnected ─requestReconnection (nothing owed)─► ReconnectionRequested ─reconnect─► Connected
 */
const REVIEWERS: readonly Party[] = ['verifier', 'inspector', 'approver', 'admin'];
/** Who lays and cuts pipes: the field inspector, and admins. */
const FIELD: readonly Party[] = ['inspector', 'admin'];

const REPORT_MIN_LENGTH = 10;
const report: Requirement = {
  check: (c) => (c.note.trim().length >= REPORT_MIN_LENGTH ? null : { status: 400, message: waterWords('en').refusals.report, field: 'note' }),
  note: { en: waterWords('en').inspectionReport, hi: waterWords('hi').inspectionReport, minLength: REPORT_MIN_LENGTH },
};

/** The application's answers, as stored with the case (the applicant's contact is the kernel's). */
export const applicationData = object({
  propertyNumber: string().required().max(40),
  connectionType: string().oneOf([...CONNECTION_TYPES]).required(),
  pipeMm: number().oneOf([...PIPE_SIZES]).required(),
  billing: string().oneOf(['flat', 'metered']).required(),
  premises: string().max(300).default(''),
  connectionFeePaise: number().integer().min(0).required(),
  depositPaise: number().integer().min(0).required(),
  feePaise: number().integer().min(0).required(),
  documentCodes: mixed<string[]>().default([]),
});

export interface WaterApplication {
  propertyNumber: string;
  connectionType: string;
  pipeMm: number;
  billing: 'flat' | 'metered';
  premises: string;
  connectionFeePaise: number;
  depositPaise: number;
  feePaise: number;
  documentCodes: string[];
  connectionNumber?: string;
  workOrder?: string;
}

/** What the applicant and staff read of an application: what was asked, what it costs, what it became. */
export function waterFacts(record: PublicCase, lang: Lang): StaffFact[] {
  const w = waterWords(lang);
  const d = record.data as unknown as Partial<WaterApplication>;
  const facts: StaffFact[] = [];
  const add = (key: string, label: string, value: unknown) => {
    if (value !== undefined && value !== null && String(value) !== '') facts.push({ key, label, value: String(value) });
  };
  add('propertyNumber', w.facts.propertyNumber, d.propertyNumber);
  add('connectionType', w.facts.connectionType, d.connectionType && (w.types[d.connectionType] ?? d.connectionType));
  add('pipe', w.facts.pipe, d.pipeMm && w.facts.mm(d.pipeMm));
  add('billing', w.facts.billing, d.billing && w.billings[d.billing]);
  if (typeof d.connectionFeePaise === 'number') add('fee', w.facts.fee, `₹${rupees(d.connectionFeePaise)}`);
  if (typeof d.depositPaise === 'number') add('deposit', w.facts.deposit, `₹${rupees(d.depositPaise)}`);
  if (typeof d.feePaise === 'number') add('total', w.facts.total, `₹${rupees(d.feePaise)}`);
  add('connectionNumber', w.facts.connectionNumber, d.connectionNumber);
  add('workOrder', w.facts.workOrder, d.workOrder);
  return facts;
}

export const WATER = defineService({
  name: 'water',
  title: { en: waterWords('en').title, hi: waterWords('hi').title },
  noun: 'application',
  series: { name: 'water', code: 'WA', shows: 'day' },
  // Identity papers and tax receipts: for the reviewers and the applicant, nobody else.
  privateFiles: true,
  initial: 'Applied',
  states: {
    Applied: { en: 'Applied', hi: 'आवेदन किया', open: true, dueHours: 72 },
    Inspection: { en: 'Site inspection', hi: 'स्थल निरीक्षण', open: true, dueHours: 120 },
    PendingApproval: { en: 'Pending approval', hi: 'स्वीकृति बाकी', open: true, dueHours: 48 },
    NeedsApplicant: { en: 'Needs the applicant', hi: 'आवेदक से सुधार अपेक्षित' },
    PendingPayment: { en: 'Pending payment', hi: 'भुगतान बाकी' },
    Connected: { en: 'Connected', hi: 'संयोजित' },
    Rejected: { en: 'Rejected', hi: 'अस्वीकृत' },
    DisconnectionRequested: { en: 'Disconnection requested', hi: 'संयोजन काटने का अनुरोध', open: true, dueHours: 72 },
    Disconnected: { en: 'Disconnected', hi: 'संयोजन कटा' },
    ReconnectionRequested: { en: 'Reconnection requested', hi: 'फिर से जोड़ने का अनुरोध', open: true, dueHours: 72 },
  },
  transitions: {
    verify: { label: 'Documents verified', hi: 'दस्तावेज़ सत्यापित', from: ['Applied'], to: 'Inspection', by: ['verifier', 'admin'], message: 'verified' },
    inspect: { label: 'Inspected: forward for approval', hi: 'निरीक्षण हुआ: स्वीकृति हेतु भेजें', from: ['Inspection'], to: 'PendingApproval', by: FIELD, requires: ['photo', 'report'] },
    approve: { label: 'Approve', hi: 'स्वीकृत करें', from: ['PendingApproval'], to: 'PendingPayment', by: ['approver', 'admin'], message: 'approved' },
    pay: {
      label: 'Fee paid: sanction the connection', hi: 'शुल्क जमा: संयोजन स्वीकृत', from: ['PendingPayment'], to: 'Connected', by: ['system'], requires: ['payment'], message: 'connected',
      effect: ({ fields }) => ({ data: { connectionNumber: fields.connectionNumber, workOrder: fields.workOrder } }),
    },
    sendBack: {
      label: 'Send back to the applicant', hi: 'आवेदक को वापस भेजें', from: ['Applied', 'Inspection', 'PendingApproval'], to: 'NeedsApplicant', by: REVIEWERS,
      requires: ['reason'], publicNote: true, message: 'sentBack', tone: 'secondary',
    },
    resubmit: { label: 'Resubmit', hi: 'फिर से जमा करें', from: ['NeedsApplicant'], to: 'Applied', by: ['citizen', 'user', 'admin'], message: 'resubmitted' },
    reject: {
      label: 'Reject', hi: 'अस्वीकार करें', from: ['Applied', 'Inspection', 'PendingApproval'], to: 'Rejected', by: REVIEWERS, requires: ['reason'], publicNote: true, message: 'rejected',
      tone: 'danger',
    },
    requestDisconnection: {
      label: 'Ask for disconnection', hi: 'संयोजन काटने का अनुरोध', from: ['Connected'], to: 'DisconnectionRequested', by: ['citizen', 'user', 'admin'], message: 'disconnectionRequested', tone: 'secondary',
    },
    disconnect: {
      label: 'Disconnect', hi: 'संयोजन काटें', from: ['DisconnectionRequested', 'Connected'], to: 'Disconnected', by: FIELD, requires: ['reason'], publicNote: true, message: 'disconnected', tone: 'danger',
    },
    requestReconnection: {
      label: 'Ask for reconnection', hi: 'फिर से जोड़ने का अनुरोध', from: ['Disconnected'], to: 'ReconnectionRequested', by: ['citizen', 'user', 'admin'], requires: ['noArrears'], message: 'reconnectionRequested',
    },
    reconnect: { label: 'Reconnect', hi: 'फिर से जोड़ें', from: ['ReconnectionRequested'], to: 'Connected', by: FIELD, requires: ['noArrears'], message: 'reconnected' },
  },
  lodgedBy: ['citizen', 'user', 'admin'],
  requirements: { payment: connectionFeeRequirement, noArrears: arrearsRequirement, report },
  requirementWords: { reason: 'Say what is wrong, in words the applicant can act on.', photo: 'Add a photo of the site.' },
  data: applicationData,
  // The public may know an application's stage and kind; never the property's holder, their mobile or papers.
  publicView: (c) => ({
    number: c.number, state: c.state, lodgedAt: c.lodgedAt, dueAt: c.dueAt, overdue: c.overdue,
    connectionType: c.data.connectionType, pipeMm: c.data.pipeMm, connectionNumber: c.data.connectionNumber ?? null,
  }),
  staffFacts: waterFacts,
  citizenFacts: waterFacts,
  citizenSteps: (c, lang) => {
    // Paths in English: the citizen's page puts them in its own language.
    const path = (p: string) => p;
    if (c.state === 'PendingPayment') return [{ key: 'pay', label: lang === 'hi' ? 'शुल्क जमा करें' : 'Pay the fee', path: path(`/water/track?number=${encodeURIComponent(c.number)}`) }];
    if (c.data.connectionNumber) return [{ key: 'bills', label: lang === 'hi' ? 'बिल देखें' : 'See the bills', path: path(`/water/connection?number=${encodeURIComponent(String(c.data.connectionNumber))}`) }];
    return [];
  },
  catalogue: (lang) => waterWords(lang).messages,
});
