import { readPaymentSettings, siteOrigin, type PaymentGatewayName } from '../../server/config';
import { councilIdentity } from '../../server/council/identity';
import type { Gateway } from './gateway';
import { payGovGateway } from './paygov';
import { razorpayGateway } from './razorpay';

const merchantName = async () => (await councilIdentity()).name.en;

/**
 * Which gateway takes payments, from PAYMENT_GATEWAY: 'razorpay', 'paygov', 'simulator' (the built-in
 * simulator, which speaks Razorpay's protocol; the default when the server is not in production) or 'off'.
 * The settings are checked as the server starts (readPaymentSettings): the simulator is refused in production,
 * where nothing set means off and the pages say where to pay at the office. Read once per process.
 */
export type GatewayName = PaymentGatewayName;

/** The simulator's keys: known to this process alone and worth nothing outside it. */
export const SIMULATOR_KEY_ID = 'rzp_test_simulator';
export const SIMULATOR_KEY_SECRET = process.env.PAYMENT_SIMULATOR_SECRET || 'simulator-key-secret-not-for-production';
export const SIMULATOR_WEBHOOK_SECRET = `${SIMULATOR_KEY_SECRET}-webhook`;

export const chosenGateway = (): GatewayName => readPaymentSettings().gateway;

/** A setting readPaymentSettings has already found present for the chosen gateway. */
const setting = (name: string): string => process.env[name] ?? '';

let cached: Gateway | null | undefined;

/** The gateway in use, or null when online payment is off. */
export function gateway(): Gateway | null {
  if (cached !== undefined) return cached;
  const { gateway: name, timeoutMs } = readPaymentSettings();
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
      timeoutMs,
      merchantName,
    });
  } else if (name === 'razorpay') {
    cached = razorpayGateway({
      name: 'razorpay',
      keyId: setting('RAZORPAY_KEY_ID'),
      keySecret: setting('RAZORPAY_KEY_SECRET'),
      webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: process.env.RAZORPAY_API_URL || 'https://api.razorpay.com',
      checkoutUrl: process.env.RAZORPAY_CHECKOUT_URL || 'https://api.razorpay.com/v1/checkout/embedded',
      timeoutMs,
      merchantName,
    });
  } else {
    cached = payGovGateway({
      merchantId: setting('PAYGOV_MERCHANT_ID'),
      serviceId: setting('PAYGOV_SERVICE_ID'),
      secretKey: setting('PAYGOV_SECRET_KEY'),
      user: setting('PAYGOV_USER'),
      password: setting('PAYGOV_PASSWORD'),
      messageType: process.env.PAYGOV_MESSAGE_TYPE || '0100',
      gatewayUrl: setting('PAYGOV_GATEWAY_URL'),
      statusUrl: setting('PAYGOV_STATUS_URL'),
      timeoutMs,
    });
  }
  return cached;
}

export const simulatorOn = () => chosenGateway() === 'simulator';
