import { createHash, randomBytes } from 'node:crypto';
import { db, nowIso, type Db } from '../db';
import { siteOrigin } from '../config';
import { hashPassword } from '../auth/password';
import { findUserByEmail, normaliseEmail } from '../auth/users';
import { recordAudit } from '../audit';
import { adoptVersions } from '../page-cache';
import { raiseTableVersions } from '../content-version';
import { followIdentity } from './settings';
import { findCouncilIdentity, hasCouncilIdentity, IDENTITY_TABLE, writeCouncilIdentity } from './identity';
import type { CouncilIdentityInput } from '../../lib/council';

/**
 * The first setup of a council started without the demo (SEED=none): while its database has no identity, the
 * start prints a one-time address, /setup?token=…, whose token (256 random bits) is kept only as its SHA-256.
 * Every other address answers that the site is being set up (setup-gate.ts). The setup that uses the token
 * deletes it in the transaction that writes the identity and the first admin, so however many arrive at once
 * with it, one sets the council up and the others are refused. A restart before the setup prints a new address
 * and the older one stops working.
 */
export const SETUP_PATH = '/setup';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the council still waits for its setup (cheap: the identity accessor's cached answer). */
export async function awaitingSetup(database: Db = db()): Promise<boolean> {
  return (await findCouncilIdentity(database)) === null;
}

/** At a start with no identity and no demo: a new setup address, printed once (the only place it is ever shown). */
export async function offerSetup(database: Db, log: (line: string) => void): Promise<void> {
  if (await hasCouncilIdentity(database)) return;
  const token = randomBytes(32).toString('base64url');
  await database.transaction().execute(async (trx) => {
    await trx.deleteFrom('council_setup').execute();
    await trx.insertInto('council_setup').values({ token_sha256: digest(token), created_at: nowIso() }).execute();
  });
  log(`This council is not set up yet. Set it up at ${siteOrigin()}${SETUP_PATH}?token=${token} (the address works once).`);
}

/** Whether a token is the one waiting (a page shows the form only then). */
export async function setupTokenValid(token: string, database: Db = db()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  return (await database.selectFrom('council_setup').select('token_sha256').where('token_sha256', '=', digest(token)).executeTakeFirst()) !== undefined;
}

export interface FirstAdmin {
  name: string;
  email: string;
  password: string;
}

export type SetupOutcome = 'done' | 'refused' | 'account-exists';

/**
 * Sets the council up with the token: its identity and its first admin, audited, in one transaction that
 * first deletes the token. A token that is wrong, used or replaced is refused.
 */
export async function completeSetup(token: string, identity: CouncilIdentityInput, admin: FirstAdmin, database: Db = db()): Promise<SetupOutcome> {
  if (!(await setupTokenValid(token, database))) return 'refused';
  const email = normaliseEmail(admin.email);
  // The account may be the one a setup with this token made a moment ago: then the token is what is refused.
  if (await findUserByEmail(email, database)) return (await setupTokenValid(token, database)) ? 'account-exists' : 'refused';
  const passwordHash = await hashPassword(admin.password);
  const actor = { id: null, email };
  const outcome = await database.transaction().execute(async (trx): Promise<{ outcome: SetupOutcome; versions?: Map<string, number> }> => {
    const used = await trx.deleteFrom('council_setup').where('token_sha256', '=', digest(token)).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) return { outcome: 'refused' };
    await writeCouncilIdentity(trx, identity);
    const at = nowIso();
    const { id } = await trx
      .insertInto('app_user')
      .values({ email, password_hash: passwordHash, role: 'admin', name: admin.name, created_at: at, disabled_at: null, must_change_password: 0, password_chosen_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { ...actor, id }, { action: 'create', entity: 'council', recordId: 1, before: null, after: { ...identity } });
    await recordAudit(trx, { ...actor, id }, { action: 'create', entity: 'account', recordId: id, before: null, after: { email, role: 'admin', name: admin.name } });
    return { outcome: 'done', versions: new Map(await raiseTableVersions(trx, [IDENTITY_TABLE, 'app_user', 'audit_log'])) };
  });
  if (outcome.versions) adoptVersions(outcome.versions);
  if (outcome.outcome === 'done') await followIdentity(database);
  return outcome.outcome;
}
