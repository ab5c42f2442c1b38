import { storedNames } from '../../stored-names';
/** A citizen's own pages: signing in with a mobile number, and the list of their grievances. */
export const citizen = {
  signInTitle: 'Sign in with your mobile number',
  signInDescription: 'Sign in with your mobile number to see every grievance you have lodged with the council.',
  signInIntro: 'See every grievance you lodged with this mobile number in one place, without typing its number each time. We send a six-digit code to your mobile by SMS.',
  mobile: 'Mobile number',
  mobileHint: '10 digits, the number you lodged your grievances with.',
  sendCode: 'Send code',
  codeSentTo: (masked: string, minutes: number) => `We have sent a six-digit code by SMS to ${masked}. It is valid for ${minutes} minutes.`,
  demoNote: 'This is the demo site: no SMS is sent. The code is written to the notification log (sign in as admin, then Notifications).',
  code: 'Code from the SMS',
  codeHint: 'Six digits.',
  signIn: 'Sign in',
  otherNumber: 'Use another mobile number, or ask for a new code',
  offHeading: 'Signing in is not available',
  offText: 'This site cannot send codes by SMS just now, so signing in with a mobile number is off. You can still follow any grievance with its complaint number and your mobile number.',
  trackInstead: 'Track a grievance',
  signedOut: 'You have signed out.',
  correctFields: 'Please correct the field marked below.',
  // The list
  myTitle: 'My grievances',
  myDescription: 'Every grievance lodged with your mobile number.',
  myIntro: (masked: string) => `Grievances lodged with the mobile number ${masked}, newest first.`,
  none: 'No grievance has been lodged with this mobile number yet.',
  number: 'Complaint number',
  category: 'Category',
  state: 'State',
  dueBy: 'Due by',
  open: (number: string) => `Open grievance ${number}`,
  signOut: 'Sign out',
  lodgeNew: 'Lodge a new grievance',
  // One case
  backToList: 'All my grievances',
  notYours: 'No grievance with that number was lodged with your mobile number.',
  /** What the server says when it refuses, in the page's language; a message not listed is shown as sent. */
  refusals: storedNames({}),
};
