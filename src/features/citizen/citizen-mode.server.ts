import { readConfig } from '../../server/config';
import { smsConfigured } from '../../server/outbox';

/**
 * Whether citizens can sign in, and how their code travels:
 *   - 'sms': SMS_GATEWAY_URL is set, the code goes by SMS;
 *   - 'demo': no gateway, but this is the demo (not production, demo seed on): the code is written to the
 *     outbox, where a tester reads it as admin at /notifications;
 *   - 'off': no gateway on a real site: there is no way to prove a mobile number, so sign-in is off and the
 *     pages point to tracking by number and mobile instead.
 */
export type CitizenSignInMode = 'sms' | 'demo' | 'off';

export function citizenSignInMode(): CitizenSignInMode {
  if (smsConfigured()) return 'sms';
  const config = readConfig();
  return !config.production && config.seed === 'demo' ? 'demo' : 'off';
}
