/**
 * What the council writes to people about a grievance, by email and SMS (queued by the case kernel, src/features/cases/case-messages.server.ts):
 * to the citizen in the language they lodged in, about each step; to staff when one goes overdue.
 */
export const grievanceMessages = {
  subject: (number: string, state: string) => `Grievance ${number}: ${state}`,
  lodge: (number: string) => `Your grievance ${number} has been registered. Keep this number to track it.`,
  assign: (number: string) => `Your grievance ${number} has been assigned to an officer.`,
  resolve: (number: string, note: string) => `Your grievance ${number} has been resolved.${note ? ` Note: ${note}` : ''} You may rate the work, or reopen it if the problem remains.`,
  reject: (number: string, reason: string) => `Your grievance ${number} was rejected. Reason: ${reason}`,
  rate: (number: string) => `Thank you for rating the work on grievance ${number}. It is now closed.`,
  reopen: (number: string) => `Your grievance ${number} has been reopened and will be assigned again.`,
  autoClose: (number: string) => `Your grievance ${number} has been closed.`,
  otherStep: (number: string, state: string) => `Your grievance ${number} is now ${state}.`,
  overdueSubject: (number: string) => `Overdue: grievance ${number}`,
  overdueToOfficer: (number: string, due: string) => `Grievance ${number}, assigned to you, was due by ${due} and is still open.`,
  overdueToAdmins: (number: string, due: string, officer: string) => `Grievance ${number} was due by ${due} and is still open (${officer ? `assigned to ${officer}` : 'not assigned to an officer'}).`,
  openItAt: (link: string) => `Open it at ${link}`,
  // Similar reports, "me too" and merged duplicates.
  merge: (number: string, original: string) => `Your grievance ${number} is about the same problem as grievance ${original}, so it has been joined to it. You will now be told of the progress of ${original}.`,
  supporterLine: (number: string) => `You are following grievance ${number} (you said "me too", or your report of the same problem was joined to it).`,
  // Asked once of a contact someone gave with a "me too": nothing more is sent to it unless its holder confirms.
  supporterConfirmSubject: (number: string) => `Follow grievance ${number}?`,
  supporterConfirm: (number: string, link: string) => `Someone (we hope you) said "me too" on grievance ${number} and gave this address to be told of its progress. To be told, open this link within 48 hours and press the button:\n${link}\n\nIf it was not you, do nothing: nothing more will be sent.`,
  supporterConfirmSms: (number: string, link: string) => `"Me too" on grievance ${number} with this number. To get its progress by SMS, confirm: ${link} Not you? Ignore this; nothing more is sent.`,
};
