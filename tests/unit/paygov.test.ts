import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payGovChecksum, payGovGateway, type PayGovSettings } from '../../src/features/payments/paygov';

/**
 * PayGov's adapter against what public integrations with NSDL's gateway send and read: the request as named
 * form fields with a CRC32 checksum, the request time as dd-MM-yyyy HH:mm:ss in Indian time, and the status
 * query's answers, a P (pending) among them. The gateway's status server is played by a local one.
 */
const SECRET = 'paygov-test-secret';
let statusServer: http.Server;
let nextAnswer = { status: 200, body: '' };
let lastRequest = { authorization: '', body: '' };

const settings = (): PayGovSettings => ({
  merchantId: 'UATNPKSG0000000001',
  serviceId: 'NPKPTAX',
  secretKey: SECRET,
  user: 'npk-user',
  password: 'npk-password',
  messageType: '0100',
  gatewayUrl: 'https://pilot.paygov.test/SurePayPayment/sp/processRequest',
  statusUrl: `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}/status`,
  timeoutMs: 5_000,
});

/** A message signed as the gateway signs its answers: the checksum of the rest, last. */
const signed = (fields: string[]) => `${fields.join('|')}|${payGovChecksum(fields.join('|'), SECRET)}`;

beforeAll(async () => {
  statusServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      lastRequest = { authorization: req.headers.authorization ?? '', body };
      res.writeHead(nextAnswer.status, { 'content-type': 'text/plain' });
      res.end(nextAnswer.body);
    });
  });
  await new Promise<void>((resolve) => statusServer.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => statusServer.close(() => resolve())));

describe('PayGov: the request', () => {
  const REQUEST_ORDER = ['messageType', 'merchantId', 'serviceId', 'orderId', 'customerId', 'transactionAmount', 'currencyCode', 'requestDateTime', 'successUrl', 'failUrl', 'additionalField1', 'additionalField2', 'additionalField3', 'additionalField4', 'additionalField5'];

  /** The hand-over form at a moment of the server's clock, and the exchange it stores. */
  async function startAt(moment: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(moment);
    try {
      const recorded: string[] = [];
      const { orderId, next } = await payGovGateway(settings()).start(
        { transactionId: 'NPK-PAY-000123', amountPaise: 123_456, description: 'Property tax', payer: { name: 'Asha', mobile: '9876543210' }, callbackUrl: 'https://council.example/payments/return?txn=NPK-PAY-000123' },
        (_kind, request) => recorded.push(request),
      );
      if (next.method !== 'POST') throw new Error('the payer is sent to PayGov by a posted form');
      return { orderId, url: next.url, fields: next.fields, recorded: recorded.join('\n') };
    } finally {
      vi.useRealTimers();
    }
  }

  it('posts the named fields with a checksum over them in their order', async () => {
    const { orderId, url, fields, recorded } = await startAt(Date.UTC(2026, 10, 28, 4, 37, 34));
    expect(orderId).toBe('NPK-PAY-000123');
    expect(url).toBe(settings().gatewayUrl);
    expect(Object.keys(fields).sort()).toEqual([...REQUEST_ORDER, 'checksum'].sort());
    expect(fields).toMatchObject({
      messageType: '0100', merchantId: 'UATNPKSG0000000001', serviceId: 'NPKPTAX', orderId: 'NPK-PAY-000123', transactionAmount: '1234.56',
      currencyCode: 'INR', successUrl: 'https://council.example/payments/return?txn=NPK-PAY-000123',
    });
    // CRC32 of the values joined by pipes, a pipe and the secret key, written in decimal.
    const message = REQUEST_ORDER.map((name) => fields[name]).join('|');
    expect(fields.checksum).toBe(String(crc32(`${message}|${SECRET}`)));
    // The stored exchange keeps what was sent, never the secret key.
    expect(recorded).toContain(`checksum=${fields.checksum}`);
    expect(recorded).not.toContain(SECRET);
  });

  it('writes the request time as India\'s wall clock reads it, dd-MM-yyyy HH:mm:ss', async () => {
    // 03:48:50 UTC is 09:18:50 in India.
    expect((await startAt(Date.UTC(2022, 5, 27, 3, 48, 50))).fields.requestDateTime).toBe('27-06-2022 09:18:50');
    // 20:00 UTC on 31 December is already 1 January in India.
    expect((await startAt(Date.UTC(2026, 11, 31, 20, 0, 0))).fields.requestDateTime).toBe('01-01-2027 01:30:00');
  });
});

describe('PayGov: the gateway\'s answers', () => {
  const ask = () => payGovGateway(settings()).fetchStatus({ transactionId: 'NPK-PAY-000124', orderId: 'NPK-PAY-000124' }, () => {});

  it('asks for the status with HTTP Basic and requestMsg=|merchantId|orderId, and reads a success with its amount', async () => {
    nextAnswer = { status: 200, body: signed(['S', '0100', 'UATNPKSG0000000001', 'NPKPTAX', 'NPK-PAY-000124', '9876543210', '600.50', 'INR', 'UPI', '27-06-2022 09:18:50', '68873', 'pay_JmNOVSvCQxGNGZ', 'A', '111111', '111111', '111111', 'NPK-PAY-000124', 'PTAX', '', '']) };
    expect(await ask()).toEqual({ outcome: 'paid', amountPaise: 60_050, paymentId: '68873' });
    expect(lastRequest.authorization).toBe(`Basic ${Buffer.from('npk-user:npk-password').toString('base64')}`);
    expect(new URLSearchParams(lastRequest.body).get('requestMsg')).toBe('|UATNPKSG0000000001|NPK-PAY-000124');
  });

  it('leaves a P (pending) or I (initiated) answer pending, to be asked again, and reads F and D as failed', async () => {
    for (const flag of ['P', 'I']) {
      nextAnswer = { status: 200, body: signed([flag, 'UATNPKSG0000000001', 'NPK-PAY-000124', 'NPKPTAX', 'UPI', 'PENDING', '27-06-2022 09:18:50']) };
      expect(await ask(), flag).toEqual({ outcome: 'pending', amountPaise: 0, paymentId: '' });
    }
    nextAnswer = { status: 200, body: signed(['F', 'UATNPKSG0000000001', 'NPK-PAY-000124', 'NPKPTAX', 'Wallet', 'pay_FHWjr1cdBNUt7y', '400', 'PAYMENT_DECLINED_A', 'Payment failed', '2022-07-22 17:06:06.366']) };
    expect((await ask()).outcome).toBe('failed');
    nextAnswer = { status: 200, body: signed(['D', 'UATNPKSG0000000001', 'NPK-PAY-000124', 'NPKPTAX', '', 'PAYMENT_DECLINED_M', '2022-07-22 09:55:56.236']) };
    expect((await ask()).outcome).toBe('failed');
  });

  it('trusts no answer whose checksum is not the gateway\'s', async () => {
    // Signed for another amount, then altered to a larger one on the way.
    nextAnswer = { status: 200, body: signed(['S', '0100', 'UATNPKSG0000000001', 'NPKPTAX', 'NPK-PAY-000124', '9876543210', '1.00', 'INR']).replace('|1.00|', '|600.00|') };
    await expect(ask()).rejects.toThrow(/checksum/);
  });

  it('reads the callback\'s signed message from the msg field', () => {
    const gateway = payGovGateway(settings());
    const msg = signed(['P', 'UATNPKSG0000000001', 'NPK-PAY-000125', 'NPKPTAX', 'UPI', 'PENDING', '27-06-2022 09:18:50']);
    expect(gateway.readCallback({ msg })).toEqual({ orderId: 'NPK-PAY-000125', paymentId: '', signatureValid: true });
    expect(gateway.readCallback({ msg: msg.replace('NPK-PAY-000125', 'NPK-PAY-000999') }).signatureValid).toBe(false);
  });
});
