import { asApiError, type ApiError } from '../admin-api';
import type { LifecycleAction, LifecycleInfo } from '../../../lib/lifecycle';

/** The browser side of POST /api/Admin/{type}/{id}/state. */
export interface TransitionBody {
  action: LifecycleAction;
  comment?: string;
  publishAt?: string | null;
  unpublishAt?: string | null;
  validUntil?: string | null;
  reviewAt?: string | null;
}

export function stateUrl(typePath: string, id: number): string {
  return `/api/Admin/${typePath}/${id}/state`;
}

export async function postTransition(typePath: string, id: number, body: TransitionBody): Promise<{ status: number; info: LifecycleInfo | null; error: ApiError }> {
  try {
    const res = await fetch(stateUrl(typePath, id), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => null);
    return res.ok ? { status: res.status, info: answer as LifecycleInfo, error: {} } : { status: res.status, info: null, error: asApiError(answer) };
  } catch {
    return { status: 0, info: null, error: { message: 'The server could not be reached. Try again.' } };
  }
}

/** The role of whoever is signed in, as the back office layout writes it on <body data-role>. */
export function signedInRole(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.body.dataset.role;
}
