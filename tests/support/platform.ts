import { expect } from 'vitest';
import { rawRequest, type RawAnswer } from './raw-request';
import type { TestServer } from './server';

/**
 * An installation of several councils in a test: the settings that make a server a platform (STATE_HOST and
 * a state administrator), and calls that name their host as a browser would.
 */
export const STATE_HOST = 'state.test';
export const STATE_ADMIN = { email: 'state-admin@state.test', password: 'state-admin-password-1' };
export const PLATFORM_ENV: Record<string, string> = { STATE_HOST, STATE_ADMIN_EMAIL: STATE_ADMIN.email, STATE_ADMIN_PASSWORD: STATE_ADMIN.password };

export function askHost(server: TestServer, host: string, method: string, target: string, headers: Record<string, string> = {}, body?: unknown): Promise<RawAnswer> {
  const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  return rawRequest(server.url, method, target, { host, ...json, ...headers }, body === undefined ? undefined : JSON.stringify(body));
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signInOn(server: TestServer, host: string, account: { email: string; password: string }): Promise<string> {
  const answer = await askHost(server, host, 'POST', '/api/Account/login', {}, account);
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { token: string }).token;
}

/** A council made through the state's call, its admin's credentials alongside; its slug is its host's first label. */
export async function createTestCouncil(server: TestServer, host: string): Promise<{ slug: string; host: string; admin: { email: string; password: string } }> {
  const slug = host.split('.')[0];
  const admin = { email: `admin@${host}`, password: `${slug}-admin-password` };
  const state = await signInOn(server, STATE_HOST, STATE_ADMIN);
  const made = await askHost(server, STATE_HOST, 'POST', '/api/State/councils', bearerOf(state), {
    name: `Nagar Parishad ${slug}`,
    nameHindi: `नगर परिषद ${slug}`,
    shortName: slug.slice(0, 6).toUpperCase(),
    hosts: [host],
    adminEmail: admin.email,
    adminPassword: admin.password,
  });
  expect(made.status, made.body).toBe(201);
  expect((JSON.parse(made.body) as { slug: string }).slug).toBe(slug);
  return { slug, host, admin };
}
