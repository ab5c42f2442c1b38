import { object } from 'yup';
import { text } from '../shared/schema-helpers';

/** Complaint statuses (docs/legacy-contract.md §6.1). A new complaint is always Open. */
export const COMPLAINT_STATUSES = ['Open', 'Pending', 'Resolved', 'Rejected'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** What a list may be narrowed to: every complaint, or one status. */
export const STATUS_FILTERS = ['All', ...COMPLAINT_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Reads a status filter case-insensitively ('resolved' means Resolved); null for anything else. */
export function parseStatusFilter(raw: string | null | undefined): StatusFilter | null {
  const wanted = (raw ?? '').trim().toLowerCase();
  return STATUS_FILTERS.find((status) => status.toLowerCase() === wanted) ?? null;
}

/**
 * The add-complaint form's fields, shared by the formik form and the endpoint. The four lookups carry an id
 * (or, from old clients, the exact title); the endpoint checks that each one exists.
 */
export const COMPLAINT_FIELDS = [
  { key: 'grievance', label: 'Grievance', input: 'select', max: 200 },
  { key: 'your_Suggestion', label: 'Your Suggestion', input: 'textarea', max: 1000 },
  { key: 'district', label: 'District', input: 'select', max: 200 },
  { key: 'ward', label: 'Ward', input: 'select', max: 200 },
  { key: 'ulb', label: 'ULB', input: 'select', max: 200 },
  { key: 'landmark', label: 'Landmark', input: 'text', max: 300 },
  { key: 'additional_Information', label: 'Additional Info', input: 'textarea', max: 2000 },
] as const;

export type ComplaintFieldKey = (typeof COMPLAINT_FIELDS)[number]['key'];
export type LookupKey = 'grievance' | 'district' | 'ward' | 'ulb';

export const REQUIRED_MESSAGES: Record<ComplaintFieldKey, string> = {
  grievance: 'Grievance is required.',
  your_Suggestion: 'Your Suggestion is required.',
  district: 'District is required.',
  ward: 'Ward is required.',
  ulb: 'ULB is required.',
  landmark: 'Landmark is required.',
  additional_Information: 'Additional Information is required.',
};

const field = (key: ComplaintFieldKey) => {
  const def = COMPLAINT_FIELDS.find((f) => f.key === key)!;
  return text(def.max).required(REQUIRED_MESSAGES[key]);
};

export const complaintSchema = object({
  grievance: field('grievance'),
  your_Suggestion: field('your_Suggestion'),
  district: field('district'),
  ward: field('ward'),
  ulb: field('ulb'),
  landmark: field('landmark'),
  additional_Information: field('additional_Information'),
});

/** The old calls' answer for a complaint id that names none (docs/legacy-contract.md §7.4). */
export const COMPLAINT_MESSAGES = { notFound: 'Complaint not found.' } as const;
