import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../support/api';
import { queryServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import type { RegisterEntry } from '../../src/features/trade-licence/register.server';

/**
 * A licence's certificate is drawn once for what it shows and kept (certificate-store.server.ts): the next
 * download is served from the store, a browser holding it is answered 304, and a change to the licence (a
 * cancellation, or its validity running out by the clock) draws it anew. A server of its own: the test
 * cancels a demo licence and moves the clock, which the shared server's other files would see.
 */
const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-clock-'));
const clockFile = path.join(clockDir, 'offset');
fs.writeFileSync(clockFile, '0');
let server: TestServer;
let licences: RegisterEntry[];

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  licences = ((await (await fetch(`${server.url}/api/Public/trade-licence/register.json`)).json()) as { licences: RegisterEntry[] }).licences;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

async function certificate(number: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/tradelicense/certificate/${number}.pdf`, { headers });
  return { status: res.status, made: res.headers.get('x-made-file'), etag: res.headers.get('etag'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('a licence certificate', () => {
  it('is drawn once and served from the store after, by any spelling; a browser that has it gets 304', async () => {
    const [valid] = licences.filter((l) => l.status === 'valid');
    const first = await certificate(valid.licenceNumber);
    expect(first).toMatchObject({ status: 200, made: 'made', cache: 'public, max-age=0, must-revalidate' });
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await certificate(valid.licenceNumber.toLowerCase());
    expect(second).toMatchObject({ status: 200, made: 'stored', etag: first.etag });
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect((await certificate(valid.licenceNumber, { 'if-none-match': first.etag! })).status).toBe(304);
    expect((await certificate('NPK-TL-1999-01-01-999999')).status).toBe(404);
  });

  it('is drawn anew when its licence is cancelled', async () => {
    const [valid] = licences.filter((l) => l.status === 'valid');
    const before = await certificate(valid.licenceNumber);
    expect(before.status).toBe(200);
    const [{ number }] = await queryServerDatabase<{ number: string }>(
      server.dataDir,
      `select service_case.number from trade_licence join service_case on service_case.id = trade_licence.case_id where trade_licence.number = '${valid.licenceNumber}'`,
    );
    const admin = await login(ADMIN.email, ADMIN.password, server.url);
    const cancelled = await fetch(`${server.url}/api/Staff/cases/${number}/cancel`, {
      method: 'POST', headers: { ...bearer(admin), 'content-type': 'application/json' }, body: JSON.stringify({ note: 'Trading without the fire safety certificate.' }),
    });
    expect(cancelled.status).toBe(200);
    const after = await certificate(valid.licenceNumber);
    expect(after).toMatchObject({ status: 200, made: 'made' });
    expect(after.etag).not.toBe(before.etag);
    expect((await certificate(valid.licenceNumber, { 'if-none-match': before.etag! })).status, 'the old copy is out of date').toBe(200);
    expect((await certificate(valid.licenceNumber)).made).toBe('stored');
  });

  it('is drawn anew once its licence has expired by the clock', async () => {
    // Not the one cancelled above: the demo has two valid licences.
    const valid = licences.filter((l) => l.status === 'valid')[1];
    const before = await certificate(valid.licenceNumber);
    expect(before.status).toBe(200);
    const days = Math.ceil((Date.parse(valid.validUntil) - Date.now()) / 86_400_000) + 2;
    fs.writeFileSync(clockFile, String(days * 86_400_000));
    const after = await certificate(valid.licenceNumber);
    expect(after).toMatchObject({ status: 200, made: 'made' });
    expect(after.etag).not.toBe(before.etag);
  });
});
