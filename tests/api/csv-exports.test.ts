import { beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, baseUrl, bearer, login } from '../support/api';

/**
 * Every CSV the site writes opens with UTF-8's byte order mark: without it Excel reads the file in the
 * machine's own code page and a Hindi holder's name comes out as mojibake. Read as bytes, since a fetch
 * decoding the body as text drops the mark.
 */
const EXPORTS = [
  ['/api/Public/trade-licence/register.csv', 'licence_number,'],
  ['/collection-register?format=csv', 'receipt,'],
  ['/tax-defaulters?format=csv&lang=hi', 'ward,'],
  ['/tax-collection?format=csv&period=year', 'ward,'],
] as const;

let cashier: Record<string, string>;

beforeAll(async () => {
  cashier = bearer(await login(CASHIER.email, CASHIER.password));
});

describe('CSV exports', () => {
  it('start with the UTF-8 byte order mark, then the header', async () => {
    for (const [path, header] of EXPORTS) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: cashier });
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'text/csv; charset=utf-8']);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([path, bytes.subarray(0, 3).toString('hex')]).toEqual([path, 'efbbbf']);
      expect(bytes.subarray(3).toString('utf8').startsWith(header), path).toBe(true);
    }
  });
});
