import { asApiError, type ApiError } from '../admin-api';
import type { LifecycleAction, LifecycleInfo } from '../../../lib/lifecycle';
import { postJson } from '../post-json';

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
  const res = await postJson(stateUrl(typePath, id), body);
  if (!res) return { status: 0, info: null, error: { message: 'The server could not be reached. Try again.' } };
  return res.ok ? { status: res.status, info: res.answer as LifecycleInfo, error: {} } : { status: res.status, info: null, error: asApiError(res.answer) };
}

/** The role of whoever is signed in, as the back office layout writes it on <body data-role>. */
export function signedInRole(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.body.dataset.role;
}
