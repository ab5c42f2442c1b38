import { randomBytes } from 'node:crypto';
import { db, nowIso, processDatabase, type Db } from '../../server/db';
import type { Role } from '../../server/db-schema';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { hashPassword } from '../../server/auth/password';
import { invalidateUserSessions } from '../../server/auth/session';
import { normaliseEmail, ROLES } from '../../server/auth/users';

/**
 * Staff accounts as admins keep them at /staff: add one with a role, disable and enable it, force a password
 * reset. Every change goes through the write path, so it is audited; the audit entry and every answer carry
 * the account's email, role and state, never its password hash, which no read here selects.
 */
export interface StaffAccount {
  id: number;
  email: string;
  /** The person's name; empty for an account made before staff had names (their email stands in). */
  name: string;
  role: Role;
  createdAt: string;
  disabled: boolean;
  mustChangePassword: boolean;
}

const COLUMNS = ['id', 'email', 'name', 'role', 'created_at', 'disabled_at', 'must_change_password'] as const;
type AccountRow = { id: number; email: string; name: string | null; role: Role; created_at: string; disabled_at: string | null; must_change_password: number };

const toAccount = (row: AccountRow): StaffAccount => ({
  id: Number(row.id),
  email: row.email,
  name: row.name ?? '',
  role: row.role,
  createdAt: row.created_at,
  disabled: row.disabled_at !== null,
  mustChangePassword: Number(row.must_change_password) === 1,
});

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

/** A one-time password of 12 letters and digits a member of staff can type from a note. */
function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function listStaff(query: { search?: string; limit: number; offset: number }, database: Db = db()): Promise<{ total: number; accounts: StaffAccount[] }> {
  let base = database.selectFrom('app_user');
  const search = query.search?.trim().toLowerCase();
  if (search) base = base.where((eb) => eb.or([eb('email', 'like', `%${search.replace(/[%_\\]/g, '')}%`), eb('name', 'like', `%${search.replace(/[%_\\]/g, '')}%`), eb('role', '=', search as Role)]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select(COLUMNS).orderBy('email').limit(query.limit).offset(query.offset).execute(),
  ]);
  return { total: Number(count.n), accounts: rows.map((row) => toAccount(row as AccountRow)) };
}

/** One account as this screen shows it, or null when there is none. */
export async function staffAccount(id: number, database: Db = db()): Promise<StaffAccount | null> {
  const row = await database.selectFrom('app_user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row as AccountRow) : null;
}

async function accountById(trx: Db, id: number): Promise<StaffAccount> {
  const row = await trx.selectFrom('app_user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'There is no such staff account.');
  return toAccount(row as AccountRow);
}

const accountWrite = <R>(actor: Actor, change: (trx: Db) => Promise<{ result: R; recordId: number; action: 'create' | 'update'; before: StaffAccount | null; after: StaffAccount }>) =>
  runWrite<R>({
    actor,
    entity: 'account',
    table: 'app_user',
    files: [],
    change: async (trx) => {
      const made = await change(trx);
      return { result: made.result, audit: { action: made.action, recordId: made.recordId, before: made.before, after: made.after } };
    },
  });

/** Adds an account with a one-time password that must be changed at first sign-in; answers it once. */
export async function addStaff(input: { email: string; role: string; name?: string }, actor: Actor): Promise<{ account: StaffAccount; password: string }> {
  const email = normaliseEmail(input.email);
  const name = cleanName(input.name);
  const errors: Record<string, string> = {};
  if (!name) errors.name = NAME_MISSING;
  if (!EMAIL.test(email)) errors.email = 'Give the email address the member of staff signs in with.';
  if (!ROLES.includes(input.role as Role)) errors.role = `Choose a role: ${ROLES.join(', ')}.`;
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(' '), errors);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const account = await accountWrite(actor, async (trx) => {
    const taken = await trx.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new HttpError(409, `An account for ${email} exists already.`, { email: `An account for ${email} exists already.` });
    const inserted = await trx
      .insertInto('app_user')
      .values({ email, name, password_hash: passwordHash, role: input.role as Role, created_at: nowIso(), disabled_at: null, must_change_password: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await accountById(trx, Number(inserted.id));
    return { result: after, recordId: after.id, action: 'create', before: null, after };
  });
  return { account, password };
}

const NAME_MISSING = 'Give the name of the member of staff, as colleagues and the inbox should show it.';

/** A name as typed: spaces gathered, at most 80 characters; empty when none was given. */
function cleanName(raw: unknown): string {
  return String(raw ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
}

/** Gives an account its name, or changes it. */
export async function setStaffName(id: number, rawName: string, actor: Actor): Promise<StaffAccount> {
  const name = cleanName(rawName);
  if (!name) throw new HttpError(400, NAME_MISSING, { name: NAME_MISSING });
  return accountWrite(actor, async (trx) => {
    const before = await accountById(trx, id);
    await trx.updateTable('app_user').set({ name }).where('id', '=', id).execute();
    const after = await accountById(trx, id);
    return { result: after, recordId: id, action: 'update', before, after };
  });
}

/** How a member of staff is shown to colleagues: their name, or their email while they have none. */
export const staffLabel = (account: { name: string | null; email: string }): string => account.name?.trim() || account.email;

/** Every account's id, name as shown, email and role: the inbox and case page name people with it. */
export async function staffDirectory(database: Db = db()): Promise<{ id: number; label: string; email: string; role: Role; disabled: boolean }[]> {
  const rows = await database.selectFrom('app_user').select(['id', 'email', 'name', 'role', 'disabled_at']).orderBy('email').execute();
  return rows
    .map((r) => ({ id: Number(r.id), label: staffLabel(r), email: r.email, role: r.role, disabled: r.disabled_at !== null }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Disables an account (its sessions end at once) or enables it again. An admin cannot disable themself. */
export async function setStaffDisabled(id: number, disabled: boolean, actor: Actor): Promise<StaffAccount> {
  if (disabled && id === actor.id) throw new HttpError(409, 'You cannot disable your own account.');
  return accountWrite(actor, async (trx) => {
    const before = await accountById(trx, id);
    if (disabled) await keepAnAdmin(trx, before, actor);
    await trx.updateTable('app_user').set({ disabled_at: disabled ? nowIso() : null }).where('id', '=', id).execute();
    if (disabled) await invalidateUserSessions(id, trx);
    const after = await accountById(trx, id);
    return { result: after, recordId: id, action: 'update', before, after };
  });
}

/** Forces a password reset: a new one-time password (answered once), every session ends, and the next sign-in must change it. */
export async function forcePasswordReset(id: number, actor: Actor): Promise<{ account: StaffAccount; password: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const account = await accountWrite(actor, async (trx) => {
    const before = await accountById(trx, id);
    await trx.updateTable('app_user').set({ password_hash: passwordHash, must_change_password: 1 }).where('id', '=', id).execute();
    await invalidateUserSessions(id, trx);
    const after = await accountById(trx, id);
    return { result: after, recordId: id, action: 'update', before, after };
  });
  return { account, password };
}

/**
 * The enabled admins, locked until the transaction ends on PostgreSQL: two admins each demoting (or disabling)
 * the other at once would otherwise each see the other still an admin and leave none. SQLite's writers take
 * turns (BEGIN IMMEDIATE), so there the read alone is enough, and its SQL has no FOR UPDATE.
 */
async function lockedAdmins(trx: Db): Promise<number[]> {
  const rows = await trx
    .selectFrom('app_user')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .$if(processDatabase().engine === 'postgres', (query) => query.forUpdate())
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Refuses a change that would leave the council without an admin who can sign in, or that is made by an
 * account that is no longer one (its role changed or it was disabled while the form was open).
 */
async function keepAnAdmin(trx: Db, target: StaffAccount, actor: Actor): Promise<void> {
  const admins = await lockedAdmins(trx);
  if (target.role === 'admin' && !target.disabled && admins.every((adminId) => adminId === target.id)) {
    throw new HttpError(409, `${staffLabel(target)} is the last admin: make another account an admin first.`, { role: 'The last admin keeps the role.' });
  }
  if (actor.id === null || !admins.includes(actor.id)) throw new HttpError(403, 'Only an admin can change staff accounts, and your account is no longer one.');
}

/** What a role change would be, checked in full: the question before it and the change itself ask this. */
async function roleChange(trx: Db, id: number, rawRole: string, actor: Actor): Promise<{ before: StaffAccount; role: Role }> {
  if (!ROLES.includes(rawRole as Role)) throw new HttpError(400, `Choose a role: ${ROLES.join(', ')}.`, { role: 'Unknown role.' });
  const role = rawRole as Role;
  if (id === actor.id) throw new HttpError(409, 'You cannot change your own role: ask another admin.', { role: 'Not your own.' });
  const before = await accountById(trx, id);
  if (before.role === role) throw new HttpError(409, `${staffLabel(before)} has that role already.`, { role: 'The same role.' });
  await keepAnAdmin(trx, before, actor);
  return { before, role };
}

/** Checks a role change without making it, for the question that comes before it. */
export async function checkRoleChange(id: number, rawRole: string, actor: Actor, database: Db = db()): Promise<{ account: StaffAccount; role: Role }> {
  const { before, role } = await roleChange(database, id, rawRole, actor);
  return { account: before, role };
}

/**
 * Gives an account another role. Every session of the account ends, so the new role applies from its next
 * sign-in rather than at some later request; an admin cannot change their own role nor demote the last admin.
 */
export async function changeStaffRole(id: number, rawRole: string, actor: Actor): Promise<StaffAccount> {
  return accountWrite(actor, async (trx) => {
    const { before, role } = await roleChange(trx, id, rawRole, actor);
    await trx.updateTable('app_user').set({ role }).where('id', '=', id).execute();
    await invalidateUserSessions(id, trx);
    const after = await accountById(trx, id);
    return { result: after, recordId: id, action: 'update', before, after };
  });
}
