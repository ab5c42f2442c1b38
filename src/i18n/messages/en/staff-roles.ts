/**
 * The back office's eight roles: what each is called and what it does. The help page lists them for everyone;
 * the staff accounts screen names an account's role with these words.
 */
export const staffRoles = {
  heading: 'Staff accounts and their roles',
  intro: 'The back office is for council staff only: citizens need no account to read, pay or lodge a grievance. An admin gives each member of staff an account with one of eight roles, and the role decides what they can open and do:',
  names: {
    admin: 'Admin',
    user: 'Complaint desk',
    officer: 'Officer',
    editor: 'Editor',
    cashier: 'Cashier',
    verifier: 'Document verifier',
    inspector: 'Field inspector',
    approver: 'Licence approver',
  },
  duties: {
    admin: 'publishes content, keeps staff accounts and the settings, reads the audit log, and may do the work of every other role.',
    user: 'lodges grievances for people who call or visit, assigns them to officers and follows them until they are resolved.',
    officer: 'resolves the grievances assigned to them, from the case inbox.',
    editor: 'writes notices, news and the other content as drafts and sends them for review; an admin publishes them or sends them back with a comment.',
    cashier: 'takes property tax and trade licence fees at the counter, prints receipts, and reads the collection register and the tax reports.',
    verifier: 'checks the documents of each trade licence application, accepting or refusing each one.',
    inspector: 'inspects the premises of a trade licence application and files the inspection report.',
    approver: 'grants or refuses a trade licence once its documents are verified and its premises inspected.',
  },
};
