import type { APIContext, APIRoute } from 'astro';
import { ValidationError } from 'yup';
import { declarationOf, mayOpen } from './route-table';
import { REFUSAL } from '../i18n/refusals';
import { fieldWithBidiControl } from '../lib/text-direction';
import { readConfig } from './config';

/**
 * The error shape of docs/deviations.md ('Writes'): { message, errors?: { field: message } }. The old
 * clients show its message (docs/legacy-contract.md §4.1).
 */
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

/**
 * A form refused as it was read (a field holding a bidirectional control): it carries the fields as sent, so
 * that the page shows them again with the refusal and nothing typed is lost.
 */
export class FormRefusal extends HttpError {
  constructor(readonly fields: FormData, field: string) {
    super(400, REFUSAL.textDirectionControl, { [field]: REFUSAL.textDirectionControl });
  }
}

/**
 * The one check every text field passes on its way in, whichever reader reads it (a form, streamed or not,
 * or a JSON body): no bidirectional controls (src/lib/text-direction.ts).
 */
export function refuseBidiControls(fields: FormData): void {
  const field = fieldWithBidiControl(fields.entries());
  if (field !== null) throw new FormRefusal(fields, field);
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A Server-Timing header entry (shown by a browser's developer tools, read by the benchmarks): how long an
 * answer waited on something that is not our own work, such as a payment gateway's servers.
 */
export function serverTiming(name: string, ms: number, description: string): Record<string, string> {
  return { 'server-timing': `${name};dur=${ms.toFixed(1)};desc="${description}"` };
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
 * What a caller is answered when its request is refused: the HttpError as it is, a yup failure as field
 * messages. Anything else is our fault: logged, and answered with a plain apology (status 500).
 */
export function asHttpError(err: unknown, where: string): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ValidationError) return validationError(err);
  console.error(`${where} failed:`, err);
  return new HttpError(500, REFUSAL.serverError);
}

/**
 * The endpoint's own check of who may call it, made again after the middleware's and before the handler reads
 * a byte of the body: a stranger's upload is refused unread even if the middleware were ever bypassed.
 */
function assertCallerMayOpen(context: APIContext): void {
  const route = declarationOf(context.routePattern);
  if (!route) throw new HttpError(404, 'Not found.');
  if (route.access === 'public') return;
  if (route.access === 'citizen') {
    if (!context.locals.citizen) throw new HttpError(401, 'Please sign in with your mobile number.');
    return;
  }
  const role = context.locals.session?.user.role;
  if (!role) throw new HttpError(401, 'Please sign in.');
  if (!mayOpen(route.access, role)) throw new HttpError(403, 'Your account may not do this.');
}

/**
 * Wraps an endpoint so that only the callers its route declares reach it, anything a client could have caused
 * answers with the JSON error shape, and only a genuine fault of ours becomes a 500 (logged, no detail leaked).
 */
export function endpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return async (context) => {
    try {
      assertCallerMayOpen(context);
      return await handler(context);
    } catch (err) {
      return errorResponse(asHttpError(err, `${context.request.method} ${context.url.pathname}`));
    }
  };
}

const MB = 1024 * 1024;

/** A size in megabytes as a message names it, written once for the server and the browser. */
export { megabytes } from '../lib/file-size';

/** How much a request body may carry, and what a client is told when it sends more. */
export interface BodyLimit {
  bytes: number;
  message: string;
}

/** The most a body without files may carry (sign-in, latest news), and the room for text beside files; every text field's own limit is far lower. */
export const TEXT_BODY_LIMIT: BodyLimit = { bytes: 1 * MB, message: 'The request is larger than the 1 MB allowed here.' };

/**
 * What a stranger's form without files may carry (sign-in, feedback, tracking, Open311): its longest field is a
 * few kilobytes even in Devanagari, so a body larger than this is no honest form and is refused unread.
 */
export const PUBLIC_TEXT_LIMIT: BodyLimit = { bytes: 64 * 1024, message: 'The request is larger than the 64 KB allowed here.' };

/** How long, and how much, a refused body is still read and thrown away before the connection is cut. */
const DISCARD_MS = 30_000;
const DISCARD_FACTOR = 4;
/**
 * How many refused bodies are read and thrown away at once, in the whole process. Reading one costs a little
 * of the one thread that answers everybody; a flood of refused uploads would cost a lot, so past these the
 * connection is cut at once, and the sender sees a broken connection instead of the refusal.
 */
const MAX_DISCARDING = 4;
let discarding = 0;

/**
 * After a refusal the rest of the body is read and thrown away, never kept, as web servers do: a client
 * still sending would otherwise see a broken connection instead of the refusal. One that keeps sending far
 * beyond the limit, or for too long, or while too many others are being discarded, is cut off.
 */
export function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, limit: BodyLimit): void {
  const cutOff = () => void reader.cancel().catch(() => undefined);
  if (discarding >= MAX_DISCARDING) {
    cutOff();
    return;
  }
  discarding++;
  const timer = setTimeout(cutOff, DISCARD_MS);
  timer.unref();
  void (async () => {
    let discarded = 0;
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        discarded += chunk.value.byteLength;
        if (discarded > DISCARD_FACTOR * limit.bytes) {
          cutOff();
          break;
        }
      }
    } catch {
      // The client went away: nothing left to discard.
    } finally {
      clearTimeout(timer);
      discarding--;
    }
  })();
}

/**
 * Reads a request body without ever holding more than the limit: a declared Content-Length over it is refused
 * before a byte is kept, and a body without one (chunked) is counted as it arrives and refused as soon as it
 * passes the limit.
 */
export async function readBodyBytes(request: Request, limit: BodyLimit): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  refuseDeclaredLength(request, reader, limit);
  const chunks: Uint8Array[] = [];
  for await (const chunk of chunksWithin(reader, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Refuses (413) a body whose declared length is over the limit, before a byte of it is read. */
export function refuseDeclaredLength(request: Request, reader: ReadableStreamDefaultReader<Uint8Array>, limit: BodyLimit): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit.bytes) {
    discardRest(reader, limit);
    throw new HttpError(413, limit.message);
  }
}

let idleMs: number | undefined;
const STALLED = Symbol('stalled');

/**
 * The next chunk of a body, or STALLED once nothing has arrived for UPLOAD_IDLE_SECONDS: a client that stops
 * sending part way would otherwise hold its connection (and a sender's upload slot) for Node's five minutes.
 */
async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array> | typeof STALLED> {
  idleMs ??= readConfig().uploadIdleSeconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([reader.read(), new Promise<typeof STALLED>((resolve) => (timer = setTimeout(() => resolve(STALLED), idleMs)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A body's chunks as they arrive, refused (413) as soon as they pass the limit; the rest is then discarded. A
 * body that stalls is refused (408) and its stream cancelled, which closes the connection.
 */
export async function* chunksWithin(reader: ReadableStreamDefaultReader<Uint8Array>, limit: BodyLimit): AsyncGenerator<Uint8Array> {
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array> | typeof STALLED;
    try {
      chunk = await nextChunk(reader);
    } catch {
      throw new HttpError(400, 'The request body could not be read.');
    }
    if (chunk === STALLED) {
      void reader.cancel().catch(() => undefined);
      throw new HttpError(408, REFUSAL.uploadStalled, undefined, { connection: 'close' });
    }
    if (chunk.done) return;
    received += chunk.value.byteLength;
    if (received > limit.bytes) {
      discardRest(reader, limit);
      throw new HttpError(413, limit.message);
    }
    yield chunk.value;
  }
}

function contentTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').toLowerCase();
}

export async function readJsonBody(request: Request, limit: BodyLimit = TEXT_BODY_LIMIT): Promise<Record<string, unknown>> {
  if (!contentTypeOf(request).includes('application/json')) {
    throw new HttpError(415, 'Send the body as application/json.');
  }
  const bytes = await readBodyBytes(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  // A script keeps what its user typed; the refusal names the field.
  const field = fieldWithBidiControl(Object.entries(body));
  if (field !== null) throw new HttpError(400, REFUSAL.textDirectionControl, { [field]: REFUSAL.textDirectionControl });
  return body as Record<string, unknown>;
}

/** Refuses (415) a body that is not a form, before any of it is read. */
export function assertFormBody(request: Request): void {
  const type = contentTypeOf(request);
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'Send the body as multipart/form-data.');
  }
}

export async function readFormBody(request: Request, limit: BodyLimit = TEXT_BODY_LIMIT): Promise<FormData> {
  assertFormBody(request);
  const bytes = await readBodyBytes(request, limit);
  if (contentTypeOf(request).trimStart().startsWith('application/x-www-form-urlencoded')) {
    // What fetch's own parser does for this type, without a Response and its stream around the bytes: every
    // form a browser posts without a file, so the cheap path is the common one.
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))) form.append(name, value);
    refuseBidiControls(form);
    return form;
  }
  let form: FormData;
  try {
    // Parsed from the bytes already counted, with the client's own content type (it names the boundary).
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    throw new HttpError(400, REFUSAL.notAForm);
  }
  refuseBidiControls(form);
  return form;
}

/** Parses a positive whole-number id from a path segment, or answers 404. */
export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || id <= 0) throw new HttpError(404, 'Not found.');
  return id;
}
