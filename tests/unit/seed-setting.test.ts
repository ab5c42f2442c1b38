import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';

/** SEED: the demo's invented people go into a production database only when it is asked for by name. */
const saved = { NODE_ENV: process.env.NODE_ENV, SEED: process.env.SEED };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function seedWith(env: { NODE_ENV?: string; SEED?: string }) {
  for (const name of ['NODE_ENV', 'SEED'] as const) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  return readConfig().seed;
}

describe('the SEED setting', () => {
  it('is the demo outside production, and nothing in production unless SEED=demo', () => {
    expect(seedWith({})).toBe('demo');
    expect(seedWith({ NODE_ENV: 'test' })).toBe('demo');
    expect(seedWith({ NODE_ENV: 'production' })).toBe('none');
    expect(seedWith({ NODE_ENV: 'production', SEED: '' })).toBe('none');
    expect(seedWith({ NODE_ENV: 'production', SEED: 'demo' })).toBe('demo');
    expect(seedWith({ SEED: 'none' })).toBe('none');
  });

  it('refuses a value it does not know, rather than guessing the demo', () => {
    expect(() => seedWith({ NODE_ENV: 'production', SEED: 'yes' })).toThrow('SEED must be demo or none, got "yes"');
  });
});
