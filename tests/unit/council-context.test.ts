import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A data folder of its own for the generated installation key, read from the environment as modules load.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-context-'));
Object.assign(process.env, { DATA_DIR: dataDir });
delete process.env.SESSION_SECRET;

const { db } = await import('../../src/server/db');
const { currentCouncil, withCouncil } = await import('../../src/server/council-context');
const { installationSecret, signingSecret, stateSigningSecret } = await import('../../src/server/auth/secret');
const { normaliseHost } = await import('../../src/server/councils/registry');
const { TEST_COUNCIL } = await import('../support/council');

const second = { ...TEST_COUNCIL, id: 2, slug: 'second', first: false, hosts: ['second.example'] };
const third = { ...TEST_COUNCIL, id: 3, slug: 'third', first: false, hosts: ['third.example'] };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the council of the work under way', () => {
  it('is never guessed: db() and the signing key throw outside withCouncil', () => {
    expect(() => db()).toThrow(/No council chosen/);
    expect(() => signingSecret()).toThrow(/No council chosen/);
    expect(() => currentCouncil()).toThrow(/No council chosen/);
  });

  it('follows its work across awaits, and two councils\' work at once stays apart', async () => {
    const seen = await Promise.all(
      [second, third].map((council) =>
        withCouncil(council, async () => {
          const before = currentCouncil().slug;
          await new Promise((resolve) => setTimeout(resolve, council.id));
          await Promise.resolve();
          return [before, currentCouncil().slug];
        }),
      ),
    );
    expect(seen).toEqual([
      ['second', 'second'],
      ['third', 'third'],
    ]);
    expect(() => currentCouncil()).toThrow();
  });

  it('signs with a key of each council\'s own, the first keeping the installation\'s, and the state with another', () => {
    const keys = [TEST_COUNCIL, second, third].map((council) => Buffer.from(withCouncil(council, () => signingSecret())).toString('hex'));
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe(Buffer.from(installationSecret()).toString('hex'));
    expect(keys).not.toContain(Buffer.from(stateSigningSecret()).toString('hex'));
    // The same council always gets the same key.
    expect(Buffer.from(withCouncil(second, () => signingSecret())).toString('hex')).toBe(keys[1]);
  });
});

describe('a host name as councils keep it', () => {
  it('is lower case without port or final dot, and nothing that is no host name', () => {
    expect(normaliseHost('Sitapur.Example.GOV.in.:8443')).toBe('sitapur.example.gov.in');
    expect(normaliseHost('127.0.0.1:4321')).toBe('127.0.0.1');
    expect(normaliseHost('[::1]:4321')).toBe('[::1]');
    for (const bad of ['', 'a b', 'https://x.example', 'x.example/path', '-x.example', 'x..example', 'x_y.example', 'x.example:port', undefined]) {
      expect(normaliseHost(bad), String(bad)).toBeNull();
    }
  });
});
