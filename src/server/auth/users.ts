import { db, nowIso, type Db } from '../db';
import type { AppUser, Role } from '../db-schema';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';

import { ROLES } from '../../lib/roles';

export { ROLES };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, database: Db = db()): Promise<AppUser | undefined> {
  return database.selectFrom('app_user').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** Adds an account; returns false (and changes nothing) when the email is taken. */
export async function addUser(email: string, password: string, role: Role, database: Db = db()): Promise<boolean> {
  if (!ROLES.includes(role)) throw new Error(`role must be one of ${ROLES.join(', ')}`);
  if (password.length < 8) throw new Error('password must be at least 8 characters');
  if (await findUserByEmail(email, database)) return false;
  await database
    .insertInto('app_user')
    // Whoever runs this chose the password (the server's shell, the settings): nothing to change at first sign-in.
    .values({ email: normaliseEmail(email), password_hash: await hashPassword(password), role, created_at: nowIso(), disabled_at: null, must_change_password: 0, password_chosen_at: nowIso() })
    .execute();
  return true;
}

/**
 * Checks an email and password. An unknown email still runs one password check against a decoy hash, so
 * the answer takes as long as for a wrong password and tells a caller nothing about which accounts exist.
 */
export async function authenticate(email: string, password: string, database: Db = db()): Promise<AppUser | null> {
  const user = await findUserByEmail(email, database);
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  // A disabled account signs in no more, and is refused just as a wrong password is.
  if (!user || !ok || user.disabled_at !== null) return null;
  // A hash made under older, weaker settings is made again now, while the password is at hand.
  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(password);
    await database.updateTable('app_user').set({ password_hash: upgraded }).where('id', '=', user.id).execute();
    return { ...user, password_hash: upgraded };
  }
  return user;
}

export async function countUsers(database: Db = db()): Promise<number> {
  const row = await database.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Why an account must change its password before anything else: 'new' while its owner has only ever had the
 * one-time password an admin gave them, 'reset' when an admin replaced a password they had chosen; null when
 * nothing is asked.
 */
export async function passwordChangeReason(id: number, database: Db = db()): Promise<'new' | 'reset' | null> {
  const row = await database.selectFrom('app_user').select(['must_change_password', 'password_chosen_at']).where('id', '=', id).executeTakeFirst();
  if (!row || Number(row.must_change_password) !== 1) return null;
  return row.password_chosen_at === null ? 'new' : 'reset';
}
