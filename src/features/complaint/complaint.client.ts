import { asApiError } from '../../components/admin/admin-api';
import { sendWithProgress } from '../../components/admin/upload';
import { signInAgain } from '../../stores/session';
import type { ComplaintFormValues, LookupKey, StatusFilter } from './complaint.schema';
import { IMAGE_SLOTS, STATUS_PART, SUBMIT_PARTS, type ComplaintWire, type ImageKey } from './complaint.wire';

/**
 * The complaint desk's calls, from the browser. The session cookie goes along by itself (same origin); a dead
 * session signs the person out, as every back office screen does, rather than showing a puzzling error.
 */
export class RequestFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

function failure(status: number, body: unknown, fallback: string): RequestFailed {
  const error = asApiError(body);
  return new RequestFailed(status, error.message ?? fallback, error.errors ?? {});
}

async function getJson<T>(url: string): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (res.status === 401) await signInAgain();
  if (!res.ok) throw failure(res.status, await res.json().catch(() => null), `The server answered ${res.status}.`);
  return { body: (await res.json()) as T, headers: res.headers };
}

export const DESK_PAGE_SIZE = 20;

export async function fetchComplaintPage(status: StatusFilter, page: number): Promise<{ complaints: ComplaintWire[]; total: number }> {
  const query = new URLSearchParams({ statusFilter: status, page: String(page), pageSize: String(DESK_PAGE_SIZE) });
  const { body, headers } = await getJson<unknown>(`/api/User/complaint?${query}`);
  // SPEC.md §5: an answer that is not a list counts as no complaints.
  const complaints = Array.isArray(body) ? (body as ComplaintWire[]) : [];
  return { complaints, total: Number(headers.get('x-total-count') ?? complaints.length) };
}

/** One complaint; pictures come as /media/ URLs, which the browser caches, rather than base64. */
export async function fetchComplaint(id: number): Promise<ComplaintWire> {
  return (await getJson<ComplaintWire>(`/api/User/complaint/${id}?media=url`)).body;
}

export interface LookupOption {
  value: string;
  label: string;
}

const LOOKUP_PATHS: Record<LookupKey, { path: string; label: string }> = {
  grievance: { path: 'grievance', label: 'grievanceTitle' },
  district: { path: 'district', label: 'districtNameEnglish' },
  ward: { path: 'ward', label: 'wardNumber' },
  ulb: { path: 'ulb', label: 'ulbName' },
};

export async function fetchLookup(kind: LookupKey): Promise<LookupOption[]> {
  const { path, label } = LOOKUP_PATHS[kind];
  const { body } = await getJson<Record<string, unknown>[]>(`/api/User/${path}`);
  return body.map((entry) => ({ value: String(entry.id), label: String(entry[label]) }));
}

/** Sends a new complaint as SPEC.md §7's multipart form, reporting upload progress in percent. */
export async function submitComplaint(
  values: ComplaintFormValues,
  images: Partial<Record<ImageKey, File | null>>,
  onProgress: (percent: number) => void,
): Promise<ComplaintWire> {
  const form = new FormData();
  for (const [key, part] of Object.entries(SUBMIT_PARTS)) form.append(part, values[key as keyof ComplaintFormValues]);
  form.append(STATUS_PART, 'Open');
  for (const slot of IMAGE_SLOTS) {
    const file = images[slot.key];
    if (file) form.append(slot.part, file, file.name);
  }
  const result = await sendWithProgress({ method: 'POST', url: '/api/User/add-complaint?media=url', body: form, onProgress });
  if (result.status === 401) await signInAgain();
  if (result.status === 0) throw new RequestFailed(0, 'The complaint could not be sent: the server could not be reached. Check the connection and try again.');
  if (result.status < 200 || result.status >= 300) throw failure(result.status, result.body, `The server answered ${result.status}.`);
  return result.body as ComplaintWire;
}
