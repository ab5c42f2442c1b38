import { readConfig, siteOrigin } from '../../server/config';
import { siteSettings } from '../../site-settings';
import type { Gateway } from './gateway';
import { payGovGateway } from './paygov';
import { razorpayGateway } from './razorpay';

/**
 * Which gateway takes payments, from PAYMENT_GATEWAY: 'razorpay', 'paygov', 'simulator' (the built-in
 * simulator, which speaks Razorpay's protocol; the default when the server is not in production) or 'off'.
 * In production the simulator is refused and nothing set means off: the pages then say where to pay at the
 * office. Read once per process.
 */
export type GatewayName = 'razorpay' | 'paygov' | 'simulator' | 'off';

/** The simulator's keys: known to this process alone and worth nothing outside it. */
export const SIMULATOR_KEY_ID = 'rzp_test_simulator';
export const SIMULATOR_KEY_SECRET = process.env.PAYMENT_SIMULATOR_SECRET || 'simulator-key-secret-not-for-production';
export const SIMULATOR_WEBHOOK_SECRET = `${SIMULATOR_KEY_SECRET}-webhook`;

export function chosenGateway(): GatewayName {
  const production = readConfig().production;
  const asked = (process.env.PAYMENT_GATEWAY ?? '').trim().toLowerCase();
  if (asked === '') return production ? 'off' : 'simulator';
  if (asked === 'simulator' && production) throw new Error('PAYMENT_GATEWAY=simulator is refused in production: it takes no real money');
  if (asked === 'razorpay' || asked === 'paygov' || asked === 'simulator' || asked === 'off') return asked;
  throw new Error(`PAYMENT_GATEWAY must be razorpay, paygov, simulator or off, not ${asked}`);
}

const timeoutMs = () => Number(process.env.PAYMENT_TIMEOUT_MS || 10_000);

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for PAYMENT_GATEWAY=${process.env.PAYMENT_GATEWAY}`);
  return value;
}

let cached: Gateway | null | undefined;

/** The gateway in use, or null when online payment is off. */
export function gateway(): Gateway | null {
  if (cached !== undefined) return cached;
  const name = chosenGateway();
  if (name === 'off') cached = null;
  else if (name === 'simulator') {
    const base = `${process.env.PAYMENT_SIMULATOR_URL || siteOrigin()}/gateway-simulator`;
    cached = razorpayGateway({
      name: 'simulator',
      keyId: SIMULATOR_KEY_ID,
      keySecret: SIMULATOR_KEY_SECRET,
      webhookSecret: SIMULATOR_WEBHOOK_SECRET,
      apiUrl: base,
      checkoutUrl: `${siteOrigin()}/gateway-simulator/v1/checkout/embedded`,
      timeoutMs: timeoutMs(),
      merchantName: siteSettings.councilName,
    });
  } else if (name === 'razorpay') {
    cached = razorpayGateway({
      name: 'razorpay',
      keyId: need('RAZORPAY_KEY_ID'),
      keySecret: need('RAZORPAY_KEY_SECRET'),
      webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: process.env.RAZORPAY_API_URL || 'https://api.razorpay.com',
      checkoutUrl: process.env.RAZORPAY_CHECKOUT_URL || 'https://api.razorpay.com/v1/checkout/embedded',
      timeoutMs: timeoutMs(),
      merchantName: siteSettings.councilName,
    });
  } else {
    cached = payGovGateway({
      merchantId: need('PAYGOV_MERCHANT_ID'),
      serviceId: need('PAYGOV_SERVICE_ID'),
      secretKey: need('PAYGOV_SECRET_KEY'),
      user: need('PAYGOV_USER'),
      password: need('PAYGOV_PASSWORD'),
      messageType: process.env.PAYGOV_MESSAGE_TYPE || '0100',
      gatewayUrl: need('PAYGOV_GATEWAY_URL'),
      statusUrl: need('PAYGOV_STATUS_URL'),
      timeoutMs: timeoutMs(),
    });
  }
  return cached;
}

export const simulatorOn = () => chosenGateway() === 'simulator';
