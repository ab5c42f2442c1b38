import { crc32 } from 'node:zlib';
import { decimalRupees } from './money';
import { fetchWithin, GatewayError, type Gateway } from './gateway';
import { indianDateTime } from '../../lib/india-time';
import { now } from '../../server/clock';

/**
 * PayGov India (NSDL's SurePay gateway for government bodies). The payer's browser posts the request to the
 * gateway as named form fields, messageType, merchantId, serviceId, orderId, customerId, transactionAmount
 * (decimal rupees), currencyCode, requestDateTime (Indian time, dd-MM-yyyy HH:mm:ss), successUrl, failUrl and
 * additionalField1..5, with `checksum`: CRC32, in decimal, of those values joined by pipes in that order, a
 * pipe and the secret key. The gateway's answers (the callback, and the status query made server to server
 * with HTTP Basic and `requestMsg=|merchantId|orderId`) are pipe-joined messages whose first field is a flag,
 * S (success), F or D (failed, declined), I or P (initiated or pending: ask again later), and whose last field
 * is the checksum of the rest. What stays unconfirmed without NSDL's integration kit is in docs/deploy.md.
 */
export interface PayGovSettings {
  merchantId: string;
  serviceId: string;
  secretKey: string;
  user: string;
  password: string;
  messageType: string;
  gatewayUrl: string;
  statusUrl: string;
  timeoutMs: number;
}

export const payGovChecksum = (message: string, key: string) => String(crc32(`${message}|${key}`));

function verified(message: string, key: string): string[] | null {
  const fields = message.split('|');
  const checksum = fields.pop() ?? '';
  return payGovChecksum(fields.join('|'), key) === checksum ? fields : null;
}

/** The request's fields, in the order the checksum joins them. */
const REQUEST_FIELDS = [
  'messageType', 'merchantId', 'serviceId', 'orderId', 'customerId', 'transactionAmount', 'currencyCode', 'requestDateTime',
  'successUrl', 'failUrl', 'additionalField1', 'additionalField2', 'additionalField3', 'additionalField4', 'additionalField5',
] as const;

/** A moment as PayGov's requestDateTime writes it: India's wall clock, '27-06-2022 09:18:50'. */
export function payGovDateTime(at: number): string {
  const [date, time] = indianDateTime(at).split('T');
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year} ${time}`;
}

export function payGovGateway(settings: PayGovSettings): Gateway {
  return {
    name: 'paygov',

    async start(input, record) {
      const values: Record<(typeof REQUEST_FIELDS)[number], string> = {
        messageType: settings.messageType,
        merchantId: settings.merchantId,
        serviceId: settings.serviceId,
        orderId: input.transactionId,
        customerId: input.payer.mobile || 'citizen',
        transactionAmount: decimalRupees(input.amountPaise),
        currencyCode: 'INR',
        requestDateTime: payGovDateTime(now()),
        successUrl: input.callbackUrl,
        failUrl: input.callbackUrl,
        // Additional fields with nothing to say carry '111111', the placeholder integrations with the gateway send.
        additionalField1: input.payer.mobile || '111111',
        additionalField2: '111111',
        additionalField3: '111111',
        additionalField4: input.transactionId,
        additionalField5: 'PTAX',
      };
      const fields: Record<string, string> = { ...values, checksum: payGovChecksum(REQUEST_FIELDS.map((name) => values[name]).join('|'), settings.secretKey) };
      record('start', `POST ${settings.gatewayUrl} (by the payer's browser)\n${new URLSearchParams(fields).toString()}`, 'no answer: the payer is sent to the gateway', 'ok');
      // The order is ours: PayGov knows it by the order id we send.
      return { orderId: input.transactionId, next: { method: 'POST', url: settings.gatewayUrl, fields } };
    },

    readCallback(form) {
      const message = form.msg ?? '';
      const fields = verified(message, settings.secretKey);
      if (!fields) return { orderId: '', paymentId: '', signatureValid: false };
      // S|messageType|merchant|service|orderId|…; F, D, I or P|merchant|orderId|…
      const orderId = fields[0] === 'S' ? fields[4] : fields[2];
      return { orderId: orderId ?? '', paymentId: fields[0] === 'S' ? (fields[10] ?? '') : '', signatureValid: true };
    },

    async fetchStatus(input, record) {
      const body = new URLSearchParams({ requestMsg: `|${settings.merchantId}|${input.orderId}` }).toString();
      const auth = `Basic ${Buffer.from(`${settings.user}:${settings.password}`).toString('base64')}`;
      let answer: { status: number; text: string };
      try {
        answer = await fetchWithin(settings.statusUrl, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body }, settings.timeoutMs);
      } catch (err) {
        record('status', `POST ${settings.statusUrl}\n${body}`, String((err as Error).message), 'error');
        throw err;
      }
      record('status', `POST ${settings.statusUrl}\n${body}`, `${answer.status}\n${answer.text}`, answer.status === 200 ? 'ok' : 'refused');
      if (answer.status !== 200) {
        // 404: no such order; 408: nothing was initiated within the session. Either way nobody paid.
        if (/"?errorCode"?\s*[:=]\s*"?(404|408)/.test(answer.text)) return { outcome: 'not-attempted', amountPaise: 0, paymentId: '' };
        throw new GatewayError(`the gateway answered ${answer.status}`);
      }
      const fields = verified(answer.text.trim(), settings.secretKey);
      if (!fields) throw new GatewayError('the status answer failed its checksum');
      switch (fields[0]) {
        case 'S': {
          if (fields[4] !== input.orderId) throw new GatewayError('the status answer is about another order');
          const [whole, part = ''] = (fields[6] ?? '').split('.');
          return { outcome: 'paid', amountPaise: Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2)), paymentId: fields[10] ?? '' };
        }
        case 'F':
        case 'D':
          return { outcome: 'failed', amountPaise: 0, paymentId: '' };
        case 'I':
        case 'P':
          return { outcome: 'pending', amountPaise: 0, paymentId: '' };
        default:
          throw new GatewayError(`unknown status flag ${fields[0]}`);
      }
    },
  };
}
