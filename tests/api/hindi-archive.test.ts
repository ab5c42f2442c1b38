import { beforeAll, describe, expect, it } from 'vitest';
import { tenderType } from '../../src/features/tender/tender.schema';
import { ADMIN, baseUrl, bearer, login } from '../support/api';
import { contentForm, samplePdf, sampleValues } from '../support/content-samples';

/**
 * The archive pages in Hindi: archived content in its Hindi words, Hindi dates, links that stay in Hindi, and
 * a search that finds the Hindi text on a Hindi page (the English page searches the English).
 */
let token: string;

const main = async (path: string) => {
  const res = await fetch(`${baseUrl()}${path}`);
  const html = await res.text();
  return { status: res.status, body: /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html };
};

beforeAll(async () => {
  token = await login(ADMIN.email, ADMIN.password);
});

describe('a closed tender on the Hindi tender archive', () => {
  it('is found by a Hindi word, shown in Hindi with a Hindi closing date and a Hindi link', async () => {
    const stamp = `t${Date.now().toString(36)}`;
    const values = { ...sampleValues(tenderType, 77), tender_no: `NP/${stamp}`, tender_title: `Culvert repair ${stamp}`, publish_date: '2001-02-01', last_date_of_submission: '2001-02-20', last_date_of_submission_time: '15:00' };
    const form = contentForm(tenderType, values, { tender_document: new File([samplePdf(stamp)], 'tender.pdf', { type: 'application/pdf' }) });
    form.append('Tender.tender_title_hi', `पुलिया मरम्मत ${stamp}`);
    form.append('Tender.tender_discreption_hi', 'वार्ड 4 की पुलिया की मरम्मत।');
    const res = await fetch(`${baseUrl()}/api/Admin/tender`, { method: 'POST', headers: bearer(token), body: form });
    const saved = await res.json();
    expect(res.status, JSON.stringify(saved)).toBe(201);
    try {
      const hindi = await main(`/hi/archive/tender?q=${encodeURIComponent(`पुलिया ${stamp}`)}`);
      expect(hindi.status).toBe(200);
      expect(hindi.body).toContain(`पुलिया मरम्मत ${stamp} (NP/${stamp})`);
      expect(hindi.body).toContain('वार्ड 4 की पुलिया की मरम्मत।');
      expect(hindi.body).toContain('20 फ़रवरी 2001');
      expect(hindi.body).toContain(`href="/hi/tender-details?id=${saved.id}"`);
      expect(hindi.body).not.toContain('Culvert repair');
      // The English page searches the English words only.
      expect((await main(`/archive/tender?q=${encodeURIComponent(`पुलिया ${stamp}`)}`)).body).not.toContain(`NP/${stamp}`);
      expect((await main(`/archive/tender?q=${stamp}`)).body).toContain(`Culvert repair ${stamp}`);
      // A Hindi page's search for a word in neither language finds nothing.
      expect((await main(`/hi/archive/tender?q=${encodeURIComponent(`सड़क ${stamp}`)}`)).body).not.toContain(`NP/${stamp}`);
    } finally {
      await fetch(`${baseUrl()}/api/Admin/tender/${saved.id}`, { method: 'DELETE', headers: bearer(token) });
    }
  });

  it('takes a search with wildcard characters literally on a Hindi page', async () => {
    const page = await main(`/hi/archive/tender?q=${encodeURIComponent('%_')}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('अभिलेखागार में &quot;%_&quot; से मेल खाती कोई प्रविष्टि नहीं है।');
  });
});
