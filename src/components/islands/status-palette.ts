/**
 * Fixed slice colours for complaint statuses and grievance states, so one keeps its colour from one visit
 * to the next and next to the badges: Resolved green, Rejected red, Open and Lodged blue, Pending and
 * Assigned amber. Each is at least 4.5:1 against white, and neighbours differ in lightness as well as hue
 * for colour-blind readers.
 */
const BY_STATUS: Record<string, string> = {
  open: '#1d4ed8',
  lodged: '#1d4ed8',
  pending: '#b45309',
  assigned: '#b45309',
  resolved: '#15803d',
  rejected: '#b91c1c',
  closed: '#4b5563',
  reopened: '#6d28d9',
};
const OTHERS = ['#6d28d9', '#0e7490', '#4b5563', '#be185d'];

export function statusColours(statuses: readonly string[]): string[] {
  let next = 0;
  return statuses.map((status) => BY_STATUS[status.toLowerCase()] ?? OTHERS[next++ % OTHERS.length]);
}
