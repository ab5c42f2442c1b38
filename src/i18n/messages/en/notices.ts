/**
 * What the council writes, through the outbox, to staff about work given back to them (an assignment, a
 * sent-back item: staff read English) and to a payer whose cheque the bank returned (in their language).
 */
export const notices = {
  assignedSubject: (service: string, number: string) => `Assigned to you: ${service} ${number}`,
  assigned: (service: string, number: string, by: string) => `${by} has assigned ${service} ${number} to you.`,
  about: (line: string) => `About: ${line}`,
  dueBy: (when: string) => `Due by: ${when} (India time)`,
  noDueTime: 'Due by: no due time is set.',
  openCaseAt: (link: string) => `Open the case at ${link}`,
  sentBackSubject: (heading: string, name: string) => `Sent back: ${heading} "${name}"`,
  sentBack: (heading: string, name: string, by: string) => `${by} has sent back your ${heading} item "${name}" with this comment:`,
  editAt: (link: string) => `Change it and send it for review again at ${link}`,
  bouncedSubject: (receipt: string) => `Cheque returned: receipt ${receipt} cancelled`,
  bounced: (council: string, what: string, referenceName: string, reference: string, receipt: string, amount: string) =>
    `${council}: the bank returned your cheque for ${what} (${referenceName} ${reference}), so receipt ${receipt} is cancelled and ₹${amount} is owed again.`,
  payOnline: (link: string) => `Pay online at ${link} or at the council office.`,
  payAtOffice: 'Pay at the council office.',
};
