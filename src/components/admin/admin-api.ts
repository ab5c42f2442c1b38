import type { AdminRow, ContentTypeDef } from '../../lib/content-type';

/** A record as GET /api/Admin/{type}?media=url answers it: files are /media/ URLs, not base64. */
export type { AdminRow };

/** The error answer of the API: { message, errors: { field: message } }. */
export interface ApiError {
  message?: string;
  errors?: Record<string, string>;
}

export function asApiError(body: unknown): ApiError {
  if (!body || typeof body !== 'object') return {};
  const { message, errors } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message ? message : undefined,
    errors: errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined,
  };
}

export function listUrl(def: ContentTypeDef): string {
  return `/api/Admin/${def.path}?media=url`;
}

export function recordUrl(def: ContentTypeDef, id: number): string {
  return `/api/Admin/${def.path}/${id}`;
}

export async function fetchRows(def: ContentTypeDef): Promise<{ status: number; rows: AdminRow[] | null }> {
  try {
    const res = await fetch(listUrl(def), { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return { status: res.status, rows: null };
    const body: unknown = await res.json();
    return { status: res.status, rows: Array.isArray(body) ? (body as AdminRow[]) : null };
  } catch {
    return { status: 0, rows: null };
  }
}

export async function deleteRow(def: ContentTypeDef, id: number): Promise<{ status: number; error: ApiError }> {
  try {
    const res = await fetch(recordUrl(def, id), { method: 'DELETE', credentials: 'same-origin', headers: { accept: 'application/json' } });
    return { status: res.status, error: res.ok ? {} : asApiError(await res.json().catch(() => null)) };
  } catch {
    return { status: 0, error: {} };
  }
}
