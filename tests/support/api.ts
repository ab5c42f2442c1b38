import { inject } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';

/** The shared demo server that tests/support/global-setup.ts started. */
export const baseUrl = (): string => inject('baseUrl');

export const ADMIN = DEMO_ACCOUNTS[0];
export const USER = DEMO_ACCOUNTS[1];
export const OFFICER = DEMO_ACCOUNTS[2];
export const EDITOR = DEMO_ACCOUNTS[3];
export const CASHIER = DEMO_ACCOUNTS[4];
export const VERIFIER = DEMO_ACCOUNTS[5];
export const INSPECTOR = DEMO_ACCOUNTS[6];
export const APPROVER = DEMO_ACCOUNTS[7];

export async function login(email: string, password: string, url = baseUrl()): Promise<string> {
  const res = await fetch(`${url}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
