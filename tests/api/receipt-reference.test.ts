import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { openServerDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { startServer, type TestServer } from '../support/server';

/**
 * A receipt names the reference it was paid against by what its kind calls it: a property's number, a trade
 * licence application's number, in the receipt's language. Its own server: the receipts' tokens (their
 * secret addresses) are read from its database.
 */
let server: TestServer;
let database: Db;

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
});

afterAll(async () => {
  await database?.destroy();
  await server?.stop();
});

async function receiptText(kind: string, lang: 'en' | 'hi'): Promise<{ text: string; reference: string }> {
  const receipt = await database.selectFrom('payment_receipt').select(['token', 'reference']).where('kind', '=', kind).orderBy('id').executeTakeFirstOrThrow();
  const res = await fetch(`${server.url}/receipt/${receipt.token}.pdf${lang === 'hi' ? '?lang=hi' : ''}`);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return { text: await pdfText(new Uint8Array(await res.arrayBuffer())), reference: receipt.reference };
}

describe('the reference on a receipt', () => {
  it('is the application number on a trade licence fee\'s, the property number on a property tax\'s, in English and Hindi', async () => {
    const cases = [
      ['trade-licence', 'en', 'Application number', 'Property number'],
      ['trade-licence', 'hi', 'आवेदन संख्या', 'संपत्ति संख्या'],
      ['property-tax', 'hi', 'संपत्ति संख्या', 'आवेदन संख्या'],
    ] as const;
    for (const [kind, lang, named, notNamed] of cases) {
      const { text, reference } = await receiptText(kind, lang);
      expect(text, `${kind} ${lang}`).toMatch(new RegExp(`${named}\\s+${reference}`));
      expect(text, `${kind} ${lang}`).not.toContain(notNamed);
    }
  });
});
