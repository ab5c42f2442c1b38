/** Messages in an outbox: queued in the caller's transaction, delivered and retried by a worker. Knows no feature. */
export { queueMessages, channelsFor, type NewMessage } from './queue';
export { deliverDueMessages, pokeOutbox, outboxIdle, RETRY_WAITS_MS, CLAIM_MS } from './deliver';
export type { Channel } from './transports';
export { send as sendNow, smsConfigured } from './transports';
export { seedingDemo, nameDemoRecipients } from './demo';
export { claimOnce, onceKey, forgetClaims } from './sent-once';
