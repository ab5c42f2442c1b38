import Busboy from 'busboy';
import fs from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { FileKind } from '../lib/content-type';
import { acceptUpload, fileLimitBytes, MAX_IMAGE_PIXELS, sniffContentType, WRONG_TYPE_MESSAGE, type AcceptedFile } from './content/uploads';
import { assertFormBody, chunksWithin, discardRest, HttpError, megabytes, refuseBidiControls, refuseDeclaredLength, type BodyLimit } from './http';
import { holdUploadSlot } from './upload-slots';
import { processSpool } from './upload-spool';
import { REFUSAL } from '../i18n/refusals';
import { sharp } from './image-work';


/**
 * A form with files, read as it arrives: its text fields are kept in memory (they are small), its files are
 * written to a folder of the form's own in the process's spool (upload-spool.ts) as they stream in, never
 * held whole. So a hostile client posting tens of megabytes costs us disk for a moment, not memory, and
 * nothing of it is decoded before the form's words have been checked and the abuse limits counted (the
 * caller's order; see acceptSpooledFiles).
 */
export interface FilePartRule {
  kind: FileKind;
  /** How many files the part may carry; more are refused. */
  maxCount: number;
  /** What a person calls one of them, numbered: 'Photo 1'. */
  label: string;
}

export interface StreamedFormSpec {
  /** The file parts the form has, by name; file parts under any other name are read and thrown away. */
  files: Record<string, FilePartRule>;
  /** Room for the text fields together. */
  textBytes: number;
  /** The sender's network address, for a stranger's uploads (staff are not held to it). */
  client?: string;
}

export interface SpooledFile {
  part: string;
  /** 1 for the first file of its part. */
  position: number;
  /** The file on disk; its bytes never passed the part's size limit. */
  path: string;
  size: number;
  /** The file was larger than its kind allows: the rest was thrown away as it arrived. */
  tooLarge: boolean;
}

export interface StreamedForm {
  /** The text fields, as a FormData so that code reading forms need not know how it was read. */
  fields: FormData;
  files: SpooledFile[];
  /** Deletes the spooled files; call it in a finally. */
  dispose(): Promise<void>;
}

const MAX_TEXT_FIELDS = 60;

/** The most a body of this form may carry: every file part full, and the text. */
export function streamedFormLimit(spec: StreamedFormSpec): BodyLimit {
  const files = Object.values(spec.files).reduce((sum, rule) => sum + rule.maxCount * fileLimitBytes(rule.kind), 0);
  // Multipart headers and boundaries take a little room of their own for each part.
  const bytes = files + spec.textBytes + 64 * 1024;
  return { bytes, message: `The request is larger than the ${megabytes(bytes)} MB allowed here.` };
}

/**
 * Reads a multipart (or urlencoded) form under the spec's limits: a declared length over them is refused
 * before a byte is read, a body that grows past them is refused as soon as it does, and each file is cut off
 * at its own limit. The files are only measured here; their contents are judged later.
 */
export async function readStreamedForm(request: Request, spec: StreamedFormSpec): Promise<StreamedForm> {
  assertFormBody(request);
  const limit = streamedFormLimit(spec);
  if (!request.body) return { fields: new FormData(), files: [], dispose: async () => undefined };
  const reader = request.body.getReader();
  refuseDeclaredLength(request, reader, limit);
  const release = spec.client === undefined ? () => undefined : holdUploadSlot(spec.client, () => discardRest(reader, limit));
  try {
    return await readParts(request, reader, spec, limit);
  } finally {
    release();
  }
}

async function readParts(request: Request, reader: ReadableStreamDefaultReader<Uint8Array>, spec: StreamedFormSpec, limit: BodyLimit): Promise<StreamedForm> {
  const fields = new FormData();
  const files: SpooledFile[] = [];
  const writes: Promise<unknown>[] = [];
  let folder: string | null = null;
  const dispose = async () => {
    await Promise.allSettled(writes);
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  let textBytes = 0;
  let refusal: HttpError | null = null;
  const refuse = (error: HttpError) => (refusal ??= error);

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { 'content-type': request.headers.get('content-type')! },
      limits: { fields: MAX_TEXT_FIELDS, fieldSize: spec.textBytes, parts: MAX_TEXT_FIELDS + 20 },
      defParamCharset: 'utf8',
    });
  } catch {
    discardRest(reader, limit);
    throw new HttpError(400, REFUSAL.notAForm);
  }
  parser.on('field', (name, value) => {
    textBytes += name.length + Buffer.byteLength(value);
    if (textBytes > spec.textBytes) refuse(new HttpError(413, limit.message));
    else fields.append(name, value);
  });
  parser.on('file', (name, stream) => {
    const rule = Object.hasOwn(spec.files, name) ? spec.files[name] : undefined;
    const position = files.filter((file) => file.part === name).length + 1;
    if (!rule || position > rule.maxCount) {
      if (rule) refuse(new HttpError(400, `Send at most ${rule.maxCount} files as ${name}.`, { [name]: `Send at most ${rule.maxCount}.` }));
      stream.resume();
      return;
    }
    const spooled: SpooledFile = { part: name, position, path: '', size: 0, tooLarge: false };
    files.push(spooled);
    const perFile = fileLimitBytes(rule.kind);
    writes.push(
      (async () => {
        folder ??= await mkdtemp(path.join(await processSpool(), 'form-'));
        spooled.path = path.join(folder, `${name}-${position}`);
        const out = fs.createWriteStream(spooled.path);
        stream.on('data', (chunk: Buffer) => {
          // Past the limit the rest is counted and thrown away, never written.
          spooled.size += chunk.length;
          if (spooled.size > perFile) spooled.tooLarge = true;
          else if (!out.write(chunk)) {
            stream.pause();
            out.once('drain', () => stream.resume());
          }
        });
        await finished(stream);
        out.end();
        await finished(out);
      })(),
    );
  });
  parser.on('partsLimit', () => refuse(new HttpError(400, 'The form has more parts than it should.')));
  parser.on('fieldsLimit', () => refuse(new HttpError(400, 'The form has more fields than it should.')));
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });

  try {
    for await (const chunk of chunksWithin(reader, limit)) {
      if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end();
    try {
      await parsed;
    } catch {
      throw new HttpError(400, REFUSAL.notAForm);
    }
    await Promise.all(writes);
    if (refusal) throw refusal;
    refuseBidiControls(fields);
    // An empty file input still sends a part with no bytes: it means no file.
    const sent = files.filter((file) => file.size > 0);
    return { fields, files: sent, dispose };
  } catch (err) {
    parser.destroy();
    await dispose();
    throw err;
  }
}

async function firstBytes(file: string, count: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function fieldError(status: number, part: string, message: string): HttpError {
  return new HttpError(status, message, { [part]: message });
}

/**
 * The checks that cost next to nothing, made before the abuse limits are counted: each file's size, its type
 * from its first bytes and, for a picture, its size in pixels from its header alone. Nothing is decoded.
 */
export async function checkSpooledFiles(files: readonly SpooledFile[], spec: StreamedFormSpec): Promise<void> {
  for (const file of files) {
    const rule = spec.files[file.part];
    const label = `${rule.label} ${file.position}`;
    if (file.tooLarge) throw fieldError(413, file.part, `${label} is larger than ${megabytes(fileLimitBytes(rule.kind))} MB.`);
    const detected = sniffContentType(await firstBytes(file.path, 16));
    if (!detected || detected.kind !== rule.kind) throw fieldError(415, file.part, WRONG_TYPE_MESSAGE[rule.kind]);
    if (rule.kind !== 'image') continue;
    const header = await sharp(file.path).metadata().catch(() => null);
    if (!header?.width || !header.height) throw fieldError(415, file.part, WRONG_TYPE_MESSAGE[rule.kind]);
    if (header.width * header.height > MAX_IMAGE_PIXELS) throw fieldError(413, file.part, `${label} is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
}

/** The files of one part, read from disk and accepted (pictures decoded and re-encoded) one after another. */
export async function acceptSpooledFiles(files: readonly SpooledFile[], spec: StreamedFormSpec, part: string): Promise<AcceptedFile[]> {
  const rule = spec.files[part];
  const accepted: AcceptedFile[] = [];
  for (const file of files.filter((f) => f.part === part)) {
    accepted.push(await acceptUpload(new Uint8Array(await readFile(file.path)), { key: part, label: `${rule.label} ${file.position}`, kind: rule.kind }));
  }
  return accepted;
}
