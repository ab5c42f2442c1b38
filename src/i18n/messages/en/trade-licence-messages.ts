/** What the council writes to a trader about their trade licence application, by SMS and email (the case kernel sends them). */
export const tradeLicenceMessages = {
  subject: (number: string, state: string) => `Trade licence ${number}: ${state}`,
  lodge: (number: string) => `Your trade licence application ${number} has been received. Keep this number to track it.`,
  verified: (number: string) => `The documents of your trade licence application ${number} are accepted; a field inspection follows.`,
  approved: (number: string) => `Your trade licence application ${number} is approved. Pay the fee online or at the council office to receive the licence.`,
  issued: (number: string, note: string) => `Your trade licence is issued for application ${number}.${note ? ` ${note}` : ''} Download the certificate from your page.`,
  sentBack: (number: string, note: string) => `Your trade licence application ${number} needs something from you: ${note}`,
  resubmitted: (number: string) => `Your corrected trade licence application ${number} has been received.`,
  rejected: (number: string, note: string) => `Your trade licence application ${number} was rejected. Reason: ${note}`,
  cancelled: (number: string, note: string) => `The trade licence of application ${number} has been cancelled. Reason: ${note}`,
  expired: (number: string) => `The trade licence of application ${number} has expired. Renew it online.`,
  reminder: (licence: string, until: string) => `Your trade licence ${licence} is valid until ${until}. Renew it online before then.`,
};
