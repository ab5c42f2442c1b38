/**
 * A small service the tests run beside grievances, to show that the staff's inbox and case page serve any
 * declared service: a street stall permit, inspected with a photo, then granted or refused with a reason, and
 * once granted paid for (a fee declared here is all a service needs to be paid online or at the counter).
 * Never offered to the public: the kernel's registry lists it only on a test start (CASE_TEST_SERVICE=1).
 */
import { object, string } from 'yup';
import { defineService } from '../cases/service';

export const STALL_PERMIT = defineService({
  name: 'stall-permit', title: { en: 'Stall permit', hi: 'ठेला परमिट' }, noun: 'permit', series: { name: 'stall-permit', code: 'STL', shows: 'day' }, initial: 'Applied',
  states: {
    Applied: { en: 'Applied', hi: 'आवेदन किया', open: true, dueHours: 24 },
    Inspected: { en: 'Inspected', hi: 'निरीक्षण हुआ', open: true, dueHours: 48 },
    Granted: { en: 'Granted', hi: 'स्वीकृत' },
    Paid: { en: 'Fee paid', hi: 'शुल्क जमा' },
    Refused: { en: 'Refused', hi: 'अस्वीकृत' },
  },
  transitions: {
    inspect: { label: 'Inspect', hi: 'निरीक्षण करें', from: ['Applied'], to: 'Inspected', by: ['officer', 'admin'], requires: ['photo'] },
    grant: { label: 'Grant', hi: 'स्वीकृत करें', from: ['Inspected'], to: 'Granted', by: ['admin', 'user'], message: 'granted' },
    pay: { label: 'Fee paid', hi: 'शुल्क जमा', from: ['Granted'], to: 'Paid', by: ['system'], requires: ['payment'], message: 'paid' },
    refuse: { label: 'Refuse', hi: 'अस्वीकार करें', from: ['Applied', 'Inspected'], to: 'Refused', by: ['admin', 'user'], requires: ['reason'], publicNote: true, message: 'refused' },
  },
  lodgedBy: ['citizen', 'user', 'admin'],
  // ₹150, or ₹250 for cooked food.
  fee: {
    paise: (c) => (/food|tea|chai/i.test(String(c.data.goods)) ? 25_000 : 15_000),
    title: { en: 'Stall permit fee', hi: 'ठेला परमिट शुल्क' },
    referenceName: { en: 'Permit number', hi: 'परमिट संख्या' },
  },
  data: object({ goods: string().required('Say what will be sold.').max(100) }),
  publicView: (c) => ({ number: c.number, state: c.state, goods: c.data.goods }),
  catalogue: (lang) => ({
    subject: (n: string, state: string) => `${n}: ${state}`,
    lodge: (n: string) => (lang === 'hi' ? `आपका आवेदन ${n} मिल गया है।` : `Your application ${n} has been received.`),
    granted: (n: string) => (lang === 'hi' ? `परमिट ${n} स्वीकृत।` : `Permit ${n} granted.`),
    paid: (n: string) => (lang === 'hi' ? `परमिट ${n} का शुल्क मिल गया।` : `Permit ${n}: fee received.`),
    refused: (n: string, note: string) => (lang === 'hi' ? `परमिट ${n} अस्वीकृत: ${note}` : `Permit ${n} refused: ${note}`),
  }),
});
