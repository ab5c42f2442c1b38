import { crc32 } from 'node:zlib';
import { decimalRupees } from './money';
import { fetchWithin, GatewayError, type Gateway } from './gateway';
import { indianDateTime } from '../../lib/india-time';
import { now } from '../../server/clock';

/**
 * PayGov India (NSDL's gateway for government bodies). The request is one message of pipe-joined fields in a
 * fixed order, messageType|merchantId|serviceId|orderId|customerId|transactionAmount|currencyCode|
 * requestDateTime|successUrl|failUrl|additionalField1..5, with a checksum appended, posted by the payer's
 * browser to the gateway. The gateway's answers (the callback, and the status query made server to server
 * with HTTP Basic and `requestMsg=|merchantId|orderId`) are pipe-joined too, their first field a flag: S
 * (success), F or D (failed, declined), I (initiated, still pending), their last field the checksum.
 *
 * What cannot be checked without the gateway's integration kit (docs/deploy.md): the checksum's exact form
 * (taken here as CRC32 of the message, a pipe and the secret key, in decimal), the name of the posted field,
 * and the date format.
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

const requestTime = (ms: number) => indianDateTime(ms).replace('T', ' ');

export function payGovGateway(settings: PayGovSettings): Gateway {
  return {
    name: 'paygov',

    async start(input, record) {
      const fields = [
        settings.messageType, settings.merchantId, settings.serviceId, input.transactionId, input.payer.mobile || 'citizen',
        decimalRupees(input.amountPaise), 'INR', requestTime(now()), input.callbackUrl, input.callbackUrl,
        input.payer.mobile || '111111', '111111', '111111', input.transactionId, 'PTAX',
      ];
      const message = fields.join('|');
      const requestparameter = `${message}|${payGovChecksum(message, settings.secretKey)}`;
      record('start', `POST ${settings.gatewayUrl} (by the payer's browser)\n${message}`, 'no answer: the payer is sent to the gateway', 'ok');
      // The order is ours: PayGov knows it by the order id we send.
      return { orderId: input.transactionId, next: { method: 'POST', url: settings.gatewayUrl, fields: { requestparameter } } };
    },

    readCallback(form) {
      const message = form.msg ?? form.responseparameter ?? '';
      const fields = verified(message, settings.secretKey);
      if (!fields) return { orderId: '', paymentId: '', signatureValid: false };
      // S|messageType|merchant|service|orderId|…; F|merchant|orderId|…
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
          return { outcome: 'pending', amountPaise: 0, paymentId: '' };
        default:
          throw new GatewayError(`unknown status flag ${fields[0]}`);
      }
    },
  };
}
