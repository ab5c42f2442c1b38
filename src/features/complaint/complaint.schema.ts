/** Complaint statuses (SPEC.md §4). A new complaint is always Open. */
export const COMPLAINT_STATUSES = ['Open', 'Pending', 'Resolved', 'Rejected'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The badge class for a status: Resolved green, Pending and Open yellow, Rejected red, anything else grey. */
export function statusBadgeClass(status: string | null | undefined): string {
  switch ((status ?? '').toLowerCase()) {
    case 'resolved': return 'badge badge-resolved';
    case 'open': return 'badge badge-open';
    case 'pending': return 'badge badge-pending';
    case 'rejected': return 'badge badge-rejected';
    default: return 'badge badge-other';
  }
}
