import { createHmac, timingSafeEqual } from 'node:crypto';
import { fetchWithin, GatewayError, type Gateway, type StatusAnswer } from './gateway';

/**
 * Razorpay's protocol: an order created server to server (POST /v1/orders, HTTP Basic with the key id and
 * secret, amount in paise), the hosted checkout reached by posting a form (key_id, order_id, callback_url…),
 * a callback carrying razorpay_payment_id, razorpay_order_id and razorpay_signature, the HMAC-SHA256 (hex) of
 * `order_id|payment_id` under the key secret, the order's payments fetched with GET /v1/orders/{id}/payments
 * (a payment 'captured' is paid), and webhooks signed with HMAC-SHA256 of the raw body under the webhook
 * secret (X-Razorpay-Signature), refunds (POST /v1/payments/{id}/refund), and every refusal as
 * {"error": {"code", "description", ...}}. The built-in simulator answers these calls in Razorpay's documented
 * shapes (its test drives it with Razorpay's own SDK), so one adapter serves both.
 */
export interface RazorpaySettings {
  name: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** 'https://api.razorpay.com', or the simulator's base. */
  apiUrl: string;
  checkoutUrl: string;
  timeoutMs: number;
  /** Shown on the checkout page. */
  /** The council's name, shown on the gateway's page: read when each payment starts, as the admin may rename it. */
  merchantName: () => Promise<string>;
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The callback signature Razorpay sends for a payment of an order. */
export const razorpaySignature = (keySecret: string, orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`);
export const razorpayWebhookSignature = (webhookSecret: string, rawBody: string) => hmacHex(webhookSecret, rawBody);

/**
 * Why Razorpay refused a call: its API answers every refusal as {"error": {"code", "description", ...}}
 * (which its own SDKs raise), so the description is what an operator reads in the stored exchange and the
 * error; a body in no such shape is named by its status alone.
 */
export function refusalOf(answer: { status: number; text: string }): string {
  try {
    const description = (JSON.parse(answer.text) as { error?: { description?: unknown } }).error?.description;
    if (typeof description === 'string' && description) return `${answer.status}: ${description}`;
  } catch {
    // not JSON: the status says what little there is
  }
  return String(answer.status);
}

export function razorpayGateway(settings: RazorpaySettings): Gateway {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  return {
    name: settings.name,

    async start(input, record) {
      const body = JSON.stringify({ amount: input.amountPaise, currency: 'INR', receipt: input.transactionId, notes: { transaction: input.transactionId } });
      const url = `${settings.apiUrl}/v1/orders`;
      let answer: { status: number; text: string };
      try {
        answer = await fetchWithin(url, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body }, settings.timeoutMs);
      } catch (err) {
        record('start', `POST ${url}\n${body}`, String((err as Error).message), 'error');
        throw err;
      }
      record('start', `POST ${url}\n${body}`, `${answer.status}\n${answer.text}`, answer.status === 200 ? 'ok' : 'refused');
      const order = answer.status === 200 ? (JSON.parse(answer.text) as { id?: string; amount?: number }) : {};
      if (!order.id || order.amount !== input.amountPaise) throw new GatewayError(`the gateway did not create the order (${refusalOf(answer)})`);
      return {
        orderId: order.id,
        next: {
          method: 'POST',
          url: settings.checkoutUrl,
          fields: {
            key_id: settings.keyId,
            order_id: order.id,
            amount: String(input.amountPaise),
            currency: 'INR',
            name: await settings.merchantName(),
            description: input.description,
            'prefill[name]': input.payer.name,
            'prefill[contact]': input.payer.mobile,
            'prefill[email]': input.payer.email ?? '',
            callback_url: input.callbackUrl,
            cancel_url: input.callbackUrl,
          },
        },
      };
    },

    readCallback(fields) {
      const orderId = fields.razorpay_order_id ?? '';
      const paymentId = fields.razorpay_payment_id ?? '';
      const signature = fields.razorpay_signature ?? '';
      if (orderId && paymentId && signature) {
        return { orderId, paymentId, signatureValid: sameHex(razorpaySignature(settings.keySecret, orderId, paymentId), signature) };
      }
      // A failed payment comes back with error[code], error[description] and error[metadata] (JSON naming the order).
      let metadata: { order_id?: string; payment_id?: string } = {};
      try {
        metadata = JSON.parse(fields['error[metadata]'] ?? '{}');
      } catch {
        metadata = {};
      }
      return { orderId: String(metadata.order_id ?? ''), paymentId: String(metadata.payment_id ?? ''), signatureValid: false };
    },

    async fetchStatus(input, record) {
      const url = `${settings.apiUrl}/v1/orders/${encodeURIComponent(input.orderId)}/payments`;
      let answer: { status: number; text: string };
      try {
        answer = await fetchWithin(url, { headers: { authorization: auth } }, settings.timeoutMs);
      } catch (err) {
        record('status', `GET ${url}`, String((err as Error).message), 'error');
        throw err;
      }
      record('status', `GET ${url}`, `${answer.status}\n${answer.text}`, answer.status === 200 ? 'ok' : 'refused');
      if (answer.status !== 200) throw new GatewayError(`the gateway answered ${refusalOf(answer)}`);
      const items = (JSON.parse(answer.text) as { items?: { id: string; status: string; amount: number; order_id: string }[] }).items ?? [];
      const mine = items.filter((p) => p.order_id === input.orderId);
      const captured = mine.find((p) => p.status === 'captured');
      let result: StatusAnswer;
      if (captured) result = { outcome: 'paid', amountPaise: captured.amount, paymentId: captured.id };
      else if (mine.some((p) => p.status === 'authorized' || p.status === 'created')) result = { outcome: 'pending', amountPaise: 0, paymentId: '' };
      // Failed, or refunded in full (the council holds none of it): no receipt either way.
      else if (mine.length > 0) result = { outcome: 'failed', amountPaise: 0, paymentId: mine[0].id };
      else result = { outcome: 'not-attempted', amountPaise: 0, paymentId: '' };
      return result;
    },

    readWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature') ?? '';
      if (!settings.webhookSecret || !signature || !sameHex(razorpayWebhookSignature(settings.webhookSecret, rawBody), signature)) return null;
      try {
        const event = JSON.parse(rawBody) as { payload?: { payment?: { entity?: { order_id?: string } } } };
        const orderId = event.payload?.payment?.entity?.order_id;
        return orderId ? { orderId } : null;
      } catch {
        return null;
      }
    },

    async refund(input, record) {
      const url = `${settings.apiUrl}/v1/payments/${encodeURIComponent(input.paymentId)}/refund`;
      const body = JSON.stringify({ amount: input.amountPaise });
      let answer: { status: number; text: string };
      try {
        answer = await fetchWithin(url, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body }, settings.timeoutMs);
      } catch (err) {
        record('refund', `POST ${url}\n${body}`, String((err as Error).message), 'error');
        throw err;
      }
      record('refund', `POST ${url}\n${body}`, `${answer.status}\n${answer.text}`, answer.status === 200 ? 'ok' : 'refused');
      if (answer.status !== 200) throw new GatewayError(`the refund was refused (${refusalOf(answer)})`);
    },
  };
}
