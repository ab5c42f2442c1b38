import { createHash, randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';

/** What the fault and load runs need to write content through the Admin API as a client would. */

export const DEFAULT_ADMIN = { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password };

export async function adminToken(baseUrl: string, account: { email: string; password: string } = DEFAULT_ADMIN): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${account.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A minimal PDF whose bytes are unique to its label, so every upload is a new stored file. */
export function labelledPdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface FilePart {
  filename: string;
  type: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body built synchronously, so a load generator can make a fresh one per request.
 * Values are plain text without line breaks; our own callers are the only source.
 */
export function multipartBody(parts: Record<string, string | FilePart>): { body: Buffer; contentType: string } {
  const boundary = `----council-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      chunks.push(value.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A notice, circular or office order create with its document, in the multipart names of
 * docs/legacy-contract.md §4.4.
 */
export function documentCreate(partPrefix: string, title: string, pdf: Buffer): { body: Buffer; contentType: string } {
  return multipartBody({
    [`${partPrefix}.Id`]: '0',
    [`${partPrefix}.title`]: title,
    [`${partPrefix}.Description`]: `Written to check that acknowledged writes survive: ${title}.`,
    [`${partPrefix}.IssueDate`]: '2026-11-20',
    DocumentFile: { filename: 'document.pdf', type: 'application/pdf', bytes: pdf },
  });
}
