import { expect, request as playwrightRequest } from '@playwright/test';
import { ADMIN, pdfFile } from './admin-support';

/**
 * A trade licence application lodged and moved through the API by an admin (who may take every step), for the
 * browser tests whose story starts further along: just lodged with its documents to check, sent back with its
 * premises paper refused, or approved and waiting for its fee. Each call makes an application of its own, so a
 * retried test finds a fresh one.
 */
export type LicenceStop = 'Applied' | 'NeedsApplicant' | 'PendingPayment';

/** The financial year open today in India (April to March), as the form names it: 2026-27. */
function financialYearToday(): string {
  const india = new Date(Date.now() + 5.5 * 3_600_000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export async function licenceApplication(baseURL: string, stop: LicenceStop, tradeName: string): Promise<{ number: string; feePaise: number }> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await api.post('/api/Account/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const fee = await api.get('/api/Public/trade-licence/fee?tradeType=grocery&structure=pucca&kind=new&area=250&employees=10');
    const feePaise = ((await fee.json()) as { totalPaise: number }).totalPaise;
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const fields: Record<string, string> = {
      financialYear: financialYearToday(), licenceType: 'new', tradeName, structureType: 'immovable', structureSubType: 'pucca', commencementDate: '2024-06-01',
      areaSqft: '250', employees: '10', tradeCategory: 'Retail', tradeType: 'grocery', tradeSubType: 'Provisions', wardId: '1', doorNo: '7', road: 'Mill Road',
      locality: 'Purani Bazar', pincode: '845401', correspondenceAddress: '7 Mill Road', feePaise: String(feePaise),
      owner1_name: 'Kamla Devi', owner1_guardianName: 'Mohan Lal', owner1_relationship: 'Husband', owner1_gender: 'Female', owner1_dateOfBirth: '1982-07-14',
      owner1_mobile: mobile, owner1_pan: 'FGHIJ5678K',
    };
    const files = Object.fromEntries(['identity', 'premises', 'photo'].map((code) => [`doc_${code}`, pdfFile(`${code}-${tradeName}`)]));
    const applied = await api.post('/api/Public/trade-licence/applications', { headers, multipart: { ...fields, ...files } });
    expect(applied.status(), await applied.text()).toBe(201);
    const { number } = (await applied.json()) as { number: string };
    if (stop === 'Applied') return { number, feePaise };
    const judge = async (code: string, verdict: 'accept' | 'refuse', reason = '') =>
      expect((await api.post(`/api/Staff/trade-licence/${number}/documents`, { headers: { ...headers, accept: 'application/json' }, form: { code, verdict, reason } })).status()).toBe(200);
    const step = async (action: string, note = '') =>
      expect((await api.post(`/api/Staff/cases/${number}/${action}`, { headers, data: { note } })).status(), action).toBe(200);
    await judge('identity', 'accept');
    await judge('photo', 'accept');
    if (stop === 'NeedsApplicant') {
      await judge('premises', 'refuse', 'The rent agreement has no landlord signature.');
      await step('sendBack', 'Send the rent agreement signed by the landlord.');
    } else {
      await judge('premises', 'accept');
      await step('verify');
      await step('forward', 'Visited: the shop is as stated, with a fire extinguisher.');
      await step('approve');
    }
    return { number, feePaise };
  } finally {
    await api.dispose();
  }
}
