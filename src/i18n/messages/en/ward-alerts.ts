/**
 * Alerts for a ward (src/features/ward-alerts): the subscription page, its confirmation and unsubscribe
 * pages, the ward's RSS feed, and the messages themselves (email and SMS), in English.
 */
export const wardAlerts = {
  title: 'Alerts for a ward',
  description: 'Hear of new and resolved grievances in a ward by email or SMS, at once or in a daily digest, or follow its RSS feed.',
  intro: 'Choose a ward and we will tell you when a grievance is lodged there or resolved. We send only what the public list of grievances shows: never who lodged it.',
  ward: 'Ward',
  chooseWard: 'Choose a ward',
  wardName: (ward: string) => `Ward ${ward}`,
  what: 'Tell me of',
  events: { new: 'New grievances', resolved: 'Resolved grievances', both: 'New and resolved grievances' },
  howOften: 'How often',
  frequency: { immediate: 'At once: one message for each grievance', daily: 'A daily digest at 8:00 in the morning (India time)' },
  channel: 'Send them by',
  byEmail: 'Email',
  bySms: (masked: string) => `SMS to my mobile ${masked}`,
  email: 'Email address',
  emailHint: 'We send a link to this address; alerts start once you follow it.',
  smsSignIn: 'To get alerts by SMS, first sign in with your mobile number.',
  signInLink: 'Sign in with your mobile',
  subscribe: 'Subscribe',
  // Refusals, by field.
  wardRequired: 'Choose a ward from the list.',
  eventsRequired: 'Choose what to be told of.',
  frequencyRequired: 'Choose how often.',
  channelRequired: 'Choose email or SMS.',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address like name@example.com.',
  smsNeedsSignIn: 'SMS alerts go only to a mobile that has signed in. Sign in with your mobile first, or choose email.',
  tooMany: 'Too many subscriptions have been asked for from here. Please try again in an hour.',
  unreadable: 'The form could not be read. Please fill it in again.',
  // After subscribing.
  checkEmail: (email: string) => `Almost done: we have sent a link to ${email}. Follow it within 48 hours to start the alerts (or, if that address has them already, to change them as chosen).`,
  smsStarted: (masked: string, ward: string) => `Done: alerts for ward ${ward} will come by SMS to ${masked}.`,
  another: 'Subscribe to another ward',
  // The feeds.
  feedsHeading: 'RSS feeds',
  feedsText: 'Each ward also has an RSS feed of its grievances lodged and resolved in the last 30 days.',
  feedLink: (ward: string) => `RSS feed of ward ${ward}`,
  // Confirming.
  confirmTitle: 'Confirm your alerts',
  confirmText: (ward: string, email: string) => `Start alerts for ward ${ward} to ${email}?`,
  confirmButton: 'Yes, start the alerts',
  confirmed: (ward: string) => `Your alerts for ward ${ward} have started. Every message has a link to stop them.`,
  // Confirming a change of a confirmed subscription's settings.
  changeText: (ward: string, email: string, settings: string) => `Change the alerts for ward ${ward} to ${email} to: ${settings}?`,
  changeButton: 'Yes, change them',
  changed: (ward: string, settings: string) => `Your alerts for ward ${ward} are now: ${settings}.`,
  languages: { en: 'English', hi: 'Hindi' },
  messagesIn: (language: string) => `messages in ${language}`,
  // Unsubscribing.
  unsubscribeTitle: 'Stop alerts',
  unsubscribeText: (ward: string, recipient: string) => `Stop alerts for ward ${ward} to ${recipient}?`,
  unsubscribeAllText: (recipient: string) => `Stop every ward alert to ${recipient}?`,
  unsubscribeButton: 'Yes, stop them',
  unsubscribed: 'Done: you will get no more of these alerts.',
  // A link that is not (or no longer) one of ours.
  linkInvalid: 'This link is not valid, or has already been used. You can subscribe again below.',
  linkExpired: 'This link has expired. Subscribe again to get a new one.',
  alreadyStopped: 'These alerts have already been stopped.',
  toPage: 'Alerts for a ward',
  // The messages.
  confirmSubject: (ward: string) => `Confirm your alerts for ward ${ward}`,
  confirmBody: (ward: string, link: string) => `Someone (we hope you) asked for grievance alerts for ward ${ward} at this address. To start them, open this link within 48 hours and press the button:\n${link}\n\nIf it was not you, do nothing: no alerts will be sent.`,
  changeSubject: (ward: string) => `Confirm the change to your alerts for ward ${ward}`,
  changeBody: (ward: string, settings: string, link: string) => `Someone (we hope you) asked to change the grievance alerts for ward ${ward} at this address to: ${settings}. To make the change, open this link within 48 hours and press the button:\n${link}\n\nIf it was not you, do nothing: your alerts stay as they are.`,
  newSubject: (number: string, ward: string) => `New grievance in ward ${ward}: ${number}`,
  resolvedSubject: (number: string, ward: string) => `Grievance resolved in ward ${ward}: ${number}`,
  /** One grievance as a message line: number, category, ward, landmark and state. */
  fact: (number: string, category: string, ward: string, landmark: string, state: string) =>
    `${number}: ${category}, ward ${ward}${landmark ? `, near ${landmark}` : ''}. Now: ${state}.`,
  trackAt: (link: string) => `Track it at ${link}`,
  digestSubject: (day: string) => `Grievances in your wards: digest of ${day}`,
  digestIntro: (day: string) => `Grievances lodged and resolved in the 24 hours before 8:00 on ${day}:`,
  digestWard: (ward: string) => `Ward ${ward}`,
  stopWard: (ward: string, link: string) => `Stop alerts for ward ${ward}: ${link}`,
  stopAll: (link: string) => `Stop every alert: ${link}`,
  stopSms: (link: string) => `Stop: ${link}`,
  // The RSS channel.
  feedTitle: (ward: string) => `Grievances in ward ${ward}`,
  feedDescription: (ward: string, council: string) => `Grievances lodged and resolved in ward ${ward} in the last 30 days, from ${council}.`,
};
