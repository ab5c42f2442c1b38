// `npm run user -- add --email E --role admin|user|officer|editor [--password-stdin]`: adds a staff account.
// The password is prompted for (not echoed) or read from standard input, never taken as an argument,
// so it does not land in the shell history or the process list.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
// COUNCIL=<slug> adds the account to another council of the installation than the first.
import { db, migrateToLatest } from '../src/server/db';
import { closeScriptDatabases, inScriptCouncil } from '../src/server/councils/script-council';
import { addUser, ROLES } from '../src/server/auth/users';
import type { Role } from '../src/server/db-schema';

const USAGE = 'Usage: npm run user -- add --email EMAIL --role admin|user|officer|editor [--password-stdin]';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text.replace(/\r?\n$/, '');
}

async function prompt(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.startsWith(question)) process.stdout.write(question);
  };
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  if (positionals[0] !== 'add' || !values.email || !values.role) {
    console.error(USAGE);
    return 2;
  }
  if (!ROLES.includes(values.role as Role)) {
    console.error(`The role must be one of: ${ROLES.join(', ')}.`);
    return 2;
  }
  const password = values['password-stdin'] ? await readAll(process.stdin) : await prompt('Password: ');
  await migrateToLatest(db());
  try {
    if (!(await addUser(values.email, password, values.role as Role))) {
      console.error(`An account for ${values.email} exists already; nothing changed.`);
      return 1;
    }
  } catch (err) {
    console.error(`Cannot add the account: ${(err as Error).message}.`);
    return 1;
  }
  console.log(`Added ${values.role} account ${values.email.trim().toLowerCase()}.`);
  return 0;
}

process.exitCode = await inScriptCouncil(main).finally(closeScriptDatabases);
