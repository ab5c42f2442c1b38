import { roleWords } from '../../../lib/roles';

/**
 * The back office's eight roles: what each is called and what it does, read from the roles table
 * (src/lib/roles.ts). The help page lists them for everyone; the staff accounts screen names an account's role
 * with these words.
 */
export const staffRoles = {
  heading: 'Staff accounts and their roles',
  intro: 'The back office is for council staff only: citizens need no account to read, pay or lodge a grievance. An admin gives each member of staff an account with one of eight roles, and the role decides what they can open and do:',
  names: roleWords('en', 'name'),
  duties: roleWords('en', 'duties'),
};
