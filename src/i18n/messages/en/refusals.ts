/**
 * What the public forms' checks say when they refuse, by code. The checks answer with these English
 * sentences (so do the JSON API and Open311); a page in another language shows its catalogue's words for the
 * same code (src/i18n/refusals.ts finds the code of a sentence). Hindi must have every code: the compiler checks.
 */
export const refusals = {
  // Lodging a grievance.
  chooseCategory: 'Choose a category.',
  chooseWard: 'Choose your ward.',
  sayWhere: 'Say where the problem is.',
  describeProblem: 'Describe the problem.',
  describeInWords: 'Describe the problem in a few words (at least 10 characters).',
  giveName: 'Give your name.',
  giveMobile: 'Give your mobile number.',
  badMobile: 'Give a 10-digit Indian mobile number.',
  badEmail: 'Give a valid email address, or leave it empty.',
  unknownCategory: 'That category does not exist; choose one from the list.',
  unknownWard: 'That ward does not exist; choose one from the list.',
  tooManyLodged: 'Too many grievances have been lodged from your network in the last hour. Please try again in an hour.',
  // Finding a grievance, following it, rating or reopening it.
  giveNumber: 'Give the complaint number.',
  giveLodgingMobile: 'Give the mobile number you lodged it with.',
  noMatch: 'No grievance matches that complaint number and mobile number. Check both and try again.',
  noSuchGrievance: 'No grievance with that number.',
  tooManyLookUps: 'Too many look-ups that did not match have come from your network. Please try again in an hour.',
  tooManyMeToos: 'Too many "me too"s have come from your network in the last hour. Please try again in an hour.',
  chooseRating: 'Choose a rating from 1 to 5.',
  giveReason: 'Give a reason.',
  // Signing in with a mobile number.
  typeCode: 'Type the six-digit code from the SMS.',
  codeGone: 'That code has expired or is no longer valid. Ask for a new code.',
  codeWrongTwoLeft: 'That code is not right. You have 2 tries left.',
  codeWrongOneLeft: 'That code is not right. You have 1 try left.',
  codeSpent: 'That code was wrong 3 times and no longer works. Ask for a new code.',
  tooManyCodesToMobile: 'Too many codes have been sent to this mobile number in the last hour. Please try again later.',
  tooManyCodesFromNetwork: 'Too many codes have been asked for from your network in the last hour. Please try again later.',
  // Verifying a receipt.
  receiptCodeWrong: 'That check code is not this receipt\'s. Type the eight letters and digits printed beside the receipt number.',
  signInOff: 'Signing in with a mobile number is not available on this site. Track a grievance with its number and your mobile number instead.',
  // Any form.
  serverError: 'Something went wrong on our side. Please try again.',
  tooManyUploads: 'Too many uploads from your network at once. Please wait for the others to finish and try again.',
  notAnImage: 'Upload a JPEG, PNG or WebP image.',
  notAForm: 'The request body is not a valid form.',
  textDirectionControl: 'Remove the invisible text-direction character from this field (such as U+202E): it makes text read in another order than typed.',
  uploadStalled: 'The form stopped arriving part way, so nothing was stored. Please send it again.',
  tooManyPhotos: 'Send at most four photos, those kept from before included: untick one or choose fewer.',
  /** Refusals that carry a number (streamed-form.ts): a photo or the whole form over its limit. */
  photoTooLarge: (n: number, size: string, unit: string) => `Photo ${n} is larger than ${size} ${unit}.`,
  formTooLarge: (size: string) => `The request is larger than the ${size} MB allowed here.`,
  units: { MB: 'MB', megapixels: 'megapixels' },
};
