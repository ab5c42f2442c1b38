import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

/**
 * Bidirectional controls (U+202E and the rest of Unicode's Bidi_Control) are refused where text comes in,
 * by every reader of a body (a plain form, a streamed form with files, a JSON body), naming the field, in the
 * page's language, with what was typed shown again. None is ever stored: a trade name turned around by one
 * would read otherwise on the register, the certificate and /verify.
 */
const url = (path: string) => `${baseUrl()}${path}`;
const REFUSED_EN = 'Remove the invisible text-direction character from this field (such as U+202E): it makes text read in another order than typed.';
const REFUSED_HI = 'इस फ़ील्ड से अदृश्य दिशा-नियंत्रण अक्षर (जैसे U+202E) हटाएँ: इससे लिखा हुआ टाइप किए गए क्रम से अलग पढ़ा जाता है।';

function grievanceForm(landmark: string): FormData {
  const form = new FormData();
  const fields = { category: '1', ward: '3', address: 'House 4, Station Road', landmark, description: 'Streetlight out for a week near the well.', name: 'Meena', mobile: '9812300777', email: '' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe('bidirectional controls in what is sent', () => {
  it('a page\'s form is refused in its language, naming the field, and shows again as typed', async () => {
    for (const [path, words] of [['/postgrievance', REFUSED_EN], ['/hi/postgrievance', REFUSED_HI]] as const) {
      const res = await fetch(url(path), { method: 'POST', body: grievanceForm('Temple\u202Eelpmet') });
      expect([path, res.status]).toEqual([path, 400]);
      const html = await res.text();
      expect(html, path).toContain(words);
      expect(html, path).not.toContain('data-complaint-number');
      // What was typed comes back, the refused field too, so the citizen can mend it.
      expect(html, path).toContain('Streetlight out for a week near the well.');
      expect(html, path).toContain('value="House 4, Station Road"');
      expect(html, path).toContain('Temple\u202Eelpmet');
    }
  });

  it('every control of the kind is refused, by the plain form, the streamed form and the JSON readers alike', async () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      const open311 = await fetch(url('/open311/v2/requests.json'), { method: 'POST', body: new URLSearchParams({ service_code: '1', address_string: 'Station Road', description: `Broken${control} pipe` }) });
      expect([control.codePointAt(0), open311.status]).toEqual([control.codePointAt(0), 400]);
      expect(await open311.json()).toEqual([{ code: 400, description: `description: ${REFUSED_EN}` }]);
    }
    const streamed = new FormData();
    streamed.append('tradeName', 'Sharma\u202E Stores');
    const application = await fetch(url('/api/Public/trade-licence/applications'), { method: 'POST', body: streamed });
    expect(application.status).toBe(400);
    expect(await application.json()).toEqual({ message: REFUSED_EN, errors: { tradeName: REFUSED_EN } });
    const signIn = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@nagarparishad.example\u2066', password: 'x' }) });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toEqual({ message: REFUSED_EN, errors: { email: REFUSED_EN } });
  });

  it('leaves Hindi, Urdu and English text as it is', async () => {
    // Read and passed on to the call's own checks, which refuse only the missing service_code.
    const res = await fetch(url('/open311/v2/requests.json'), { method: 'POST', body: new URLSearchParams({ address_string: 'स्टेशन रोड, नगर परिषद के पास', description: 'नाली जाम है। پانی رکا ہوا ہے۔ Drain blocked.' }) });
    expect(res.status).toBe(400);
    expect((await res.json()).map((e: { description: string }) => e.description)).toEqual([expect.stringMatching(/^service_code: /)]);
  });
});
