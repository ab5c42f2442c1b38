import { formatDateTime, MISSING } from '../../lib/format';
import type { ComplaintFieldKey } from './complaint.schema';

/**
 * A complaint on the wire (docs/legacy-contract.md §5, 'Complaint as read'), with the old names kept: `grivance` is
 * the list column, `grievanceName` and `GrievanceName` are what old clients read in the details. Browser-safe: the
 * island, the public page and the endpoints all use these names.
 */
export interface ComplaintWire {
  id: number;
  /** The ward number as text. */
  ward: string;
  grivance: string;
  grievanceName: string;
  GrievanceName: string;
  district: string;
  ulb: string;
  additional_Information: string;
  landmark: string;
  your_Suggestion: string;
  status: string;
  entry_Date: string;
  action_By: string | null;
  action_Date: string | null;
  reminders: { message: string }[];
  /** Base64 (no data: prefix) from the single-complaint call; the /media/ URL in lists; null when absent. */
  pub_Image_1: string | null;
  pub_Image_2: string | null;
  action_Image_1: string | null;
  action_Image_2: string | null;
}

/** One entry of the complaint-count calls: the client tallies these by status. */
export interface ComplaintStatusEntry {
  id: number;
  status: string;
}

export interface GrievanceLookup { id: number; grievanceTitle: string }
export interface DistrictLookup { id: number; districtNameEnglish: string }
export interface WardLookup { id: number; wardNumber: string }
export interface UlbLookup { id: number; ulbName: string }

export type ImageKey = 'pub_Image_1' | 'pub_Image_2' | 'action_Image_1' | 'action_Image_2';

/**
 * The four picture slots: the answer's name, the upload part's name (docs/legacy-contract.md §4.5) and what a person
 * reads.
 */
export const IMAGE_SLOTS: readonly { key: ImageKey; part: string; label: string }[] = [
  { key: 'pub_Image_1', part: 'PubImage1', label: 'Public Image 1' },
  { key: 'pub_Image_2', part: 'PubImage2', label: 'Public Image 2' },
  { key: 'action_Image_1', part: 'ActionImage1', label: 'Action Image 1' },
  { key: 'action_Image_2', part: 'ActionImage2', label: 'Action Image 2' },
];

/** The multipart names of POST /api/User/add-complaint, per form field (matched case-insensitively). */
export const SUBMIT_PARTS: Record<ComplaintFieldKey, string> = {
  grievance: 'Complaint.Grivance',
  your_Suggestion: 'Complaint.Your_Suggestion',
  district: 'Complaint.District',
  ward: 'Complaint.Ward',
  ulb: 'Complaint.Ulb',
  landmark: 'Complaint.Landmark',
  additional_Information: 'Complaint.Additional_Information',
};
export const STATUS_PART = 'Complaint.Status';
/** `true` keeps the pictures sent private: the case's staff see them, no public list or old client's slot does. */
export const PHOTOS_PRIVATE_PART = 'Complaint.Photos_Private';

/** The labelled lines of a complaint's details, in the order both the public page and the desk show them. */
export function complaintDetailRows(c: ComplaintWire): { label: string; value: string; badge?: boolean }[] {
  return [
    { label: 'Complaint ID', value: String(c.id) },
    { label: 'Ward', value: c.ward || MISSING },
    { label: 'Grievance Type', value: c.grievanceName || MISSING },
    { label: 'Additional Information', value: c.additional_Information || MISSING },
    { label: 'Landmark', value: c.landmark || MISSING },
    { label: 'Your Suggestion', value: c.your_Suggestion || MISSING },
    { label: 'Status', value: c.status || MISSING, badge: true },
    { label: 'Entry Date', value: formatDateTime(c.entry_Date) },
    { label: 'Action By', value: c.action_By || MISSING },
    { label: 'Action Date', value: formatDateTime(c.action_Date) },
  ];
}

/** A src for an image field: a /media/ URL as is, base64 as a data: URL of the type its first bytes show. */
export function imageSrc(value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith('/') || value.startsWith('data:')) return value;
  const type = value.startsWith('iVBOR') ? 'image/png' : value.startsWith('UklGR') ? 'image/webp' : 'image/jpeg';
  return `data:${type};base64,${value}`;
}
