import type { APIContext, APIRoute } from 'astro';
import { ValidationError } from 'yup';

/** The error shape of DESIGN.md: { message, errors?: { field: message } }. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: HttpError): Response {
  const body: { message: string; errors?: Record<string, string> } = { message: error.message };
  if (error.errors && Object.keys(error.errors).length > 0) body.errors = error.errors;
  return json(body, error.status, error.headers);
}

/** Turns a yup failure into field messages; the first message becomes the headline. */
export function validationError(err: ValidationError): HttpError {
  const errors: Record<string, string> = {};
  for (const inner of err.inner.length > 0 ? err.inner : [err]) {
    if (inner.path && !(inner.path in errors)) errors[inner.path] = inner.message;
  }
  return new HttpError(400, Object.values(errors)[0] ?? err.message, errors);
}

/**
 * Wraps an endpoint so that anything a client could have caused answers with the JSON error shape, and only
 * a genuine fault of ours becomes a 500 (logged, with no detail leaked).
 */
export function endpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(err);
      if (err instanceof ValidationError) return errorResponse(validationError(err));
      console.error(`${context.request.method} ${context.url.pathname} failed:`, err);
      return errorResponse(new HttpError(500, 'Something went wrong on our side. Please try again.'));
    }
  };
}

export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    throw new HttpError(415, 'Send the body as application/json.');
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export async function readFormBody(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'Send the body as multipart/form-data.');
  }
  try {
    return await request.formData();
  } catch {
    throw new HttpError(400, 'The request body is not a valid form.');
  }
}

/** Parses a positive whole-number id from a path segment, or answers 404. */
export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || id <= 0) throw new HttpError(404, 'Not found.');
  return id;
}
