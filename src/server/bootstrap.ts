import { readConfig } from './config';
import { db, migrateToLatest, type Db } from './db';
import { addUser, countUsers } from './auth/users';
import { deleteExpiredSessions } from './auth/session';
import { councilInContext } from './council-context';
import { seedingDemo } from './outbox';
import { offerSetup } from './council/setup';

export const DEMO_ACCOUNTS = [
  { email: 'admin@nagarparishad.example', password: 'admin-demo-2026', role: 'admin', name: 'Anita Sharma' },
  { email: 'staff@nagarparishad.example', password: 'staff-demo-2026', role: 'user', name: 'Meena Patil' },
  { email: 'officer@nagarparishad.example', password: 'officer-demo-2026', role: 'officer', name: 'Ravi Kumar' },
  { email: 'editor@nagarparishad.example', password: 'editor-demo-2026', role: 'editor', name: 'Sunil Deshmukh' },
  { email: 'cashier@nagarparishad.example', password: 'cashier-demo-2026', role: 'cashier', name: 'Farida Shaikh' },
  { email: 'verifier@nagarparishad.example', password: 'verifier-demo-2026', role: 'verifier', name: 'Kavita Rao' },
  { email: 'inspector@nagarparishad.example', password: 'inspector-demo-2026', role: 'inspector', name: 'Arjun Singh' },
  { email: 'approver@nagarparishad.example', password: 'approver-demo-2026', role: 'approver', name: 'Prakash Verma' },
] as const;

/** What every council's database gets as it is opened: its schema brought up to date, dead sessions gone. */
export async function prepareCouncilDatabase(database: Db, log: (line: string) => void = console.log): Promise<void> {
  const ran = await migrateToLatest(database);
  if (ran.length > 0) log(`Database migrated${councilInContext() ? ` (${councilInContext()!.slug})` : ''}: ${ran.join(', ')}`);
  await deleteExpiredSessions(database);
}

/**
 * A part of the demo (the council, the content, a ward's tax register…), declared by the module it belongs to
 * and handed to the server by the composition list. A start asks each part whether it is there before it
 * loads anything of the demo's, so a server that holds the whole demo starts without loading it.
 */
export interface DemoPart {
  /** Whether the part's rows are in the database already. */
  present: (database: Db) => Promise<boolean>;
  /** Adds the part if it is missing (loading the demo seed only now); true when it added something. */
  seed: (database: Db) => Promise<boolean>;
  /** What the start says once the part was added. */
  done: string;
}

let demoParts: readonly DemoPart[] = [];

/** Installs the composition list's demo parts, in its order (the content's wards come before a ward's taxes). */
export function installDemoParts(parts: readonly DemoPart[]): void {
  demoParts = parts;
}

async function demoMissing(database: Db): Promise<boolean> {
  for (const part of demoParts) if (!(await part.present(database))) return true;
  return false;
}

/**
 * Everything the server does once for the first council before it listens: schema, accounts, demo content. Safe to run again:
 * each step only adds what is missing.
 */
export async function prepareDatabase(database: Db = db(), log: (line: string) => void = console.log): Promise<void> {
  const config = readConfig();
  await prepareCouncilDatabase(database, log);

  for (const [emailVar, passwordVar, role] of [
    ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'admin'],
    ['USER_EMAIL', 'USER_PASSWORD', 'user'],
  ] as const) {
    const email = process.env[emailVar];
    const password = process.env[passwordVar];
    if (email && password && (await addUser(email, password, role, database))) log(`Created ${role} account ${email}`);
  }

  // Known demo passwords are for trying the product out; a production start never creates them.
  if (!config.production && (await countUsers(database)) === 0) {
    for (const account of DEMO_ACCOUNTS) {
      await addUser(account.email, account.password, account.role, database);
      // The inbox and the case page show staff by name: the demo's people have theirs.
      await database.updateTable('app_user').set({ name: account.name }).where('email', '=', account.email).execute();
    }
    log('Created demo accounts (shown once; change them before real use):');
    for (const account of DEMO_ACCOUNTS) log(`  ${account.role.padEnd(7)}  ${account.email}  /  ${account.password}`);
  }

  if (config.seed === 'demo' && (await demoMissing(database))) {
    // Each part loads the demo seed only now: the demo (its pictures and documents) is no part of the
    // production server's bundle. scripts/bundle-main.mjs builds it as a file of its own beside dist/main.mjs.
    // Its invented people are sent nothing, now or later, whatever gateway is set (outbox/demo.ts).
    await seedingDemo(database, async () => {
      for (const part of demoParts) if (await part.seed(database)) log(part.done);
    });
  }

  // Without the demo, a council names itself at its first setup (README, "A real council").
  await offerSetup(database, log);
}
