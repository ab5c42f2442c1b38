/** Where a citizen's refused field is on the tracking pages, for the error summary's links (CitizenCaseView.astro). */
export function citizenFieldId(field: string): string {
  if (field === 'rating') return 'rating-choices';
  if (field === 'note') return 'reopen-note';
  return field;
}
