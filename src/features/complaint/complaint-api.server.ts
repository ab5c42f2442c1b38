import type { APIContext } from 'astro';
import { paging, truncationHeaders, UNPAGED_MAX_RECORDS } from '../../server/content/api';
import { lodgeGrievance } from '../grievance/grievance.server';
import { photosPrivateAsked, staffActor } from '../grievance/grievance-requests.server';
import { acceptUpload, bodyLimitFor, type AcceptedFile } from '../../server/content/uploads';
import { mediaModeOf } from '../../server/content/wire';
import { HttpError, json, readFormBody } from '../../server/http';
import { formParts, type FormParts } from '../../server/form-parts';
import {
  COMPLAINT_MESSAGES,
  complaintSchema,
  parseStatusFilter,
  STATUS_FILTERS,
  type ComplaintFieldKey,
  type LookupKey,
  type StatusFilter,
} from './complaint.schema';
import {
  countComplaints,
  findComplaint,
  listComplaints,
  listComplaintStatuses,
  resolveLookup,
  toComplaintWire,
} from './complaint.server';
import { IMAGE_SLOTS, PHOTOS_PRIVATE_PART, SUBMIT_PARTS, type ImageKey } from './complaint.wire';
import { REFUSAL } from '../../i18n/refusals';

/**
 * The complaint calls of docs/legacy-contract.md §4, written once for the Public, Admin and User paths
 * that share them.
 */

/** ?statusFilter=All|Open|Pending|Resolved|Rejected, case-insensitive; All when absent. */
export function statusFilterParam(url: URL): StatusFilter {
  const raw = url.searchParams.get('statusFilter');
  if (raw === null || raw === '') return 'All';
  const status = parseStatusFilter(raw);
  if (!status) {
    const message = `statusFilter must be one of ${STATUS_FILTERS.join(', ')}.`;
    throw new HttpError(400, message, { statusFilter: message });
  }
  return status;
}

/**
 * GET …/complaint: the list, newest first. Pictures are /media/ URLs, never inline bytes, so that a long
 * list stays small; ?page=&pageSize= pages it and x-total-count says how many there are in all.
 */
export async function complaintListAnswer(url: URL): Promise<Response> {
  const status = statusFilterParam(url);
  const paged = paging(url);
  // Unpaged, as old clients ask: the newest UNPAGED_MAX_RECORDS, with headers saying so when there are more.
  const limit = paged.limit ?? UNPAGED_MAX_RECORDS;
  const records = await listComplaints({ status, limit, offset: paged.offset });
  const fewerThanAll = paged.limit !== undefined || records.length === UNPAGED_MAX_RECORDS;
  const total = fewerThanAll ? await countComplaints(status) : records.length;
  const headers = paged.limit !== undefined ? { 'x-total-count': String(total) } : truncationHeaders(total, records.length);
  return json(records.map((record) => toComplaintWire(record, 'url')), 200, headers);
}

/** GET …/complaint-count: one { id, status } per complaint that has a status; the client tallies them. */
export async function complaintStatusesAnswer(url: URL): Promise<Response> {
  return json(await listComplaintStatuses(statusFilterParam(url)));
}

/** GET /api/User/complaint/{id}: pictures as base64 (or their URLs with ?media=url, as our own desk asks). */
export async function complaintAnswer(context: APIContext): Promise<Response> {
  const raw = context.params.id ?? '';
  const record = /^\d{1,9}$/.test(raw) ? await findComplaint(Number(raw), mediaModeOf(context.url) === 'base64') : null;
  if (!record) throw new HttpError(404, COMPLAINT_MESSAGES.notFound);
  return json(toComplaintWire(record, mediaModeOf(context.url)));
}

async function readImages(read: FormParts): Promise<Partial<Record<ImageKey, AcceptedFile>>> {
  const images: Partial<Record<ImageKey, AcceptedFile>> = {};
  for (const slot of IMAGE_SLOTS) {
    const part = read.file(slot.part);
    if (!part) continue;
    images[slot.key] = await acceptUpload(new Uint8Array(await part.arrayBuffer()), { ...slot, kind: 'image' });
  }
  return images;
}

const LOOKUP_NOT_FOUND: Record<LookupKey, string> = {
  grievance: 'That grievance type does not exist; choose one from the list.',
  district: 'That district does not exist; choose one from the list.',
  ward: REFUSAL.unknownWard,
  ulb: 'That ULB does not exist; choose one from the list.',
};

/**
 * POST /api/User/add-complaint. Every check runs before anything is stored: the fields (400 with each
 * message), the lookups (400 naming the field), the pictures (415 for a file that is not an image). The
 * status a client sends is ignored: a new complaint is Open.
 */
export async function addComplaintAnswer(context: APIContext): Promise<Response> {
  // Room for all four pictures at the largest size allowed, plus the text fields.
  const limit = bodyLimitFor(IMAGE_SLOTS.map(() => 'image'), 'binary');
  // Multipart names are matched case-insensitively, with or without the 'Complaint.' prefix.
  const read = formParts(await readFormBody(context.request, limit), 'Complaint');
  const sent: Partial<Record<ComplaintFieldKey, string>> = {};
  for (const [key, part] of Object.entries(SUBMIT_PARTS) as [ComplaintFieldKey, string][]) {
    const value = read.text(part);
    if (value !== undefined) sent[key] = value;
  }
  const values = await complaintSchema.validate(sent, { abortEarly: false, stripUnknown: true });

  const ids: Partial<Record<LookupKey, number>> = {};
  const unknown: Record<string, string> = {};
  for (const kind of ['grievance', 'district', 'ward', 'ulb'] as const) {
    const id = await resolveLookup(kind, values[kind]);
    if (id === null) unknown[kind] = LOOKUP_NOT_FOUND[kind];
    else ids[kind] = id;
  }
  if (Object.keys(unknown).length > 0) throw new HttpError(400, Object.values(unknown)[0], unknown);

  const images = await readImages(read);
  // Lodged like every grievance (number, state, due date, first event); its status reads Open.
  const { id } = await lodgeGrievance(
    {
      grievanceTypeId: ids.grievance!,
      districtId: ids.district!,
      wardId: ids.ward!,
      ulbId: ids.ulb!,
      suggestion: values.your_Suggestion,
      landmark: values.landmark,
      description: values.additional_Information,
      address: '',
      name: '',
      mobile: '',
      email: '',
      source: 'desk',
      // Complaint.Photos_Private=true: the citizen at the desk asked to keep the pictures from the public.
      photosPrivate: photosPrivateAsked(read.text(PHOTOS_PRIVATE_PART)),
    },
    [],
    staffActor(context.locals.session),
    images,
  );
  const saved = await findComplaint(id, mediaModeOf(context.url) === 'base64');
  return json(toComplaintWire(saved!, mediaModeOf(context.url)), 201);
}
