import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../src/features/content-types';
import { noticeType } from '../../src/features/notice/notice.schema';
import { ADMIN, OFFICER, USER, baseUrl, bearer, login } from '../support/api';
import { contentForm, samplePdf, sampleValues } from '../support/content-samples';

/**
 * Revisions of content records: every save keeps one, in the save's transaction; the prior state of a record
 * from before revisions is kept on its first change; the difference between two revisions comes field by
 * field with the declaration's labels; restoring is one call that makes a new revision through the usual
 * save; and only content editors may read or restore them.
 */
let admin: Record<string, string>;

interface WireFile { sha256: string; name: string; size: number; contentType: string; url: string; mediaId: number }
interface WireRevision {
  type: string;
  recordId: number;
  revision: number;
  values: Record<string, string | number | null>;
  files: Record<string, WireFile | null>;
  by: string;
  at: string;
  restoredFrom: number | null;
}
interface Changes {
  from: number | null;
  to: number;
  fields: { key: string; label: string; changed: boolean; before: string; after: string; words: { text: string; kind: string }[] }[];
  files: { key: string; label: string; changed: boolean; before: WireFile | null; after: WireFile | null }[];
}

const api = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, { ...init, headers: { ...admin, ...(init.headers ?? {}) } });

async function revisionsOf(type: string, id: number): Promise<WireRevision[]> {
  const res = await api(`/api/Admin/${type}/${id}/revisions`);
  expect(res.status).toBe(200);
  return (await res.json()) as WireRevision[];
}

function pdfFile(label: string): File {
  return new File([samplePdf(label)], `${label}.pdf`, { type: 'application/pdf' });
}

async function createNotice(title: string, description: string, label: string): Promise<number> {
  const values = { ...sampleValues(noticeType), title, description };
  const res = await api('/api/Admin/notice', { method: 'POST', body: contentForm(noticeType, values, { filePath: pdfFile(label) }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function updateNotice(id: number, values: Record<string, string>, file?: File): Promise<void> {
  const res = await api('/api/Admin/notice', { method: 'PUT', body: contentForm(noticeType, values, file ? { filePath: file } : {}, id) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
});

describe('revisions', () => {
  let id: number;
  const stamp = Date.now().toString(36);

  it('are kept on create and on every update, with values by field key, files, who and when', async () => {
    id = await createNotice(`Water supply ${stamp}`, 'Supply stops on Tuesday in ward 4.', `first-${stamp}`);
    const [first] = await revisionsOf('notice', id);
    expect(first).toMatchObject({ type: 'notice', recordId: id, revision: 1, by: ADMIN.email, restoredFrom: null });
    expect(first.values.title).toBe(`Water supply ${stamp}`);
    expect(Date.now() - Date.parse(first.at)).toBeLessThan(60_000);
    const file = first.files.filePath!;
    expect(file).toMatchObject({ contentType: 'application/pdf', name: `Water supply ${stamp}.pdf`, size: samplePdf(`first-${stamp}`).byteLength });
    expect(file.url).toBe(`/media/${file.sha256}.pdf`);
    expect((await fetch(`${baseUrl()}${file.url}`)).status).toBe(200);

    await updateNotice(id, { title: `Water supply cut ${stamp}`, description: 'Supply stops on Wednesday in ward 4.' });
    const revisions = await revisionsOf('notice', id);
    expect(revisions.map((r) => r.revision)).toEqual([2, 1]);
    // An update that sent no file keeps the stored one, and the revision says so.
    expect(revisions[0].files.filePath!.sha256).toBe(file.sha256);
  });

  it('answer what changed since the revision before, field by field with labels and changed words', async () => {
    const res = await api(`/api/Admin/notice/${id}/revisions/2`);
    expect(res.status).toBe(200);
    const { changes } = (await res.json()) as { changes: Changes };
    expect(changes.from).toBe(1);
    expect(changes.to).toBe(2);
    const description = changes.fields.find((field) => field.key === 'description')!;
    expect(description).toMatchObject({ label: 'Description', changed: true, before: 'Supply stops on Tuesday in ward 4.', after: 'Supply stops on Wednesday in ward 4.' });
    expect(description.words.filter((w) => w.kind === 'removed').map((w) => w.text.trim())).toEqual(['Tuesday']);
    expect(description.words.filter((w) => w.kind === 'added').map((w) => w.text.trim())).toEqual(['Wednesday']);
    const title = changes.fields.find((field) => field.key === 'title')!;
    expect(title.words.find((w) => w.kind === 'added')?.text.trim()).toBe('cut');
    expect(changes.fields.find((field) => field.key === 'issueDate' || field.label === 'Issue Date')?.changed ?? false).toBe(false);
    expect(changes.files).toEqual([expect.objectContaining({ key: 'filePath', changed: false })]);
  });

  it('show a new file as its old and new name, size, type and address', async () => {
    await updateNotice(id, {}, pdfFile(`second-${stamp}-longer`));
    const res = await api(`/api/Admin/notice/${id}/revisions/3`);
    const { changes } = (await res.json()) as { changes: Changes };
    const file = changes.files[0];
    expect(file.changed).toBe(true);
    expect(file.before!.sha256).not.toBe(file.after!.sha256);
    expect(file.after!.size).toBe(samplePdf(`second-${stamp}-longer`).byteLength);
    expect(changes.fields.every((field) => !field.changed)).toBe(true);
  });

  it('compare any two revisions with ?against=', async () => {
    const res = await api(`/api/Admin/notice/${id}/revisions/3?against=1`);
    const { changes } = (await res.json()) as { changes: Changes };
    expect(changes.from).toBe(1);
    expect(changes.fields.filter((field) => field.changed).map((field) => field.key).sort()).toEqual(['description', 'title']);
    expect(changes.files[0].changed).toBe(true);
    expect((await api(`/api/Admin/notice/${id}/revisions/3?against=99`)).status).toBe(404);
  });

  it('restore in one call: the record gets the old values and file back, as a new revision through the usual save', async () => {
    const revisions = await revisionsOf('notice', id);
    const original = revisions[revisions.length - 1];
    const auditOfThisNotice = async () =>
      ((await (await api('/api/Admin/audit?entity=notice&page=1&pageSize=500')).json()) as { action: string; recordId: number }[])
        .filter((entry) => entry.recordId === id);
    const auditBefore = (await auditOfThisNotice()).length;
    const res = await api(`/api/Admin/notice/${id}/revisions/1/restore`, { method: 'POST' });
    expect(res.status).toBe(201);
    const restored = (await res.json()) as WireRevision;
    // The next number after the newest (counted, not assumed: a retried run has restored once already).
    expect(restored).toMatchObject({ revision: revisions[0].revision + 1, restoredFrom: 1, by: ADMIN.email });

    const record = (await (await api(`/api/Admin/notice/${id}?media=url`)).json()) as Record<string, string>;
    expect(record.title).toBe(`Water supply ${stamp}`);
    expect(record.description).toBe('Supply stops on Tuesday in ward 4.');
    expect(record.filePath).toBe(original.files.filePath!.url);
    // The write path audited it like any edit: one more entry for this notice (other files write other notices).
    const audit = await auditOfThisNotice();
    expect(audit.length).toBe(auditBefore + 1);
    expect(audit[0]).toMatchObject({ action: 'update', recordId: id });
    // And the public page shows the restored title at once.
    expect(await (await fetch(`${baseUrl()}/notice`)).text()).toContain(`Water supply ${stamp}`);
  });

  it('keep the prior state of a record stored before revisions as revision 1 on its first change', async () => {
    const list = (await (await api('/api/Admin/latest-news?media=url')).json()) as { id: number; title: string; description: string }[];
    let untouched: (typeof list)[number] | undefined;
    for (const item of list) {
      if ((await revisionsOf('latest-news', item.id)).length === 0) {
        untouched = item;
        break;
      }
    }
    expect(untouched, 'a demo latest-news item without revisions').toBeDefined();
    const res = await api('/api/Admin/latest-news', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: untouched!.id, title: `${untouched!.title} (edited)` }),
    });
    expect(res.status).toBe(200);
    const [after, before] = await revisionsOf('latest-news', untouched!.id);
    expect(before).toMatchObject({ revision: 1, by: 'unknown' });
    expect(before.values.title).toBe(untouched!.title);
    expect(after).toMatchObject({ revision: 2, by: ADMIN.email });
    expect(after.values.title).toBe(`${untouched!.title} (edited)`);
  });

  it('are kept for every content type', async () => {
    for (const def of CONTENT_TYPES) {
      const rows = (await (await api(`/api/Admin/${def.path}?media=url&page=1&pageSize=1`)).json()) as { id: number }[];
      expect(rows.length, `${def.path} has demo content`).toBeGreaterThan(0);
      const before = (await revisionsOf(def.path, rows[0].id)).length;
      const body = def.body === 'json' ? JSON.stringify({ id: rows[0].id }) : contentForm(def, {}, {}, rows[0].id);
      const headers = def.body === 'json' ? { 'content-type': 'application/json' } : undefined;
      const saved = await api(`/api/Admin/${def.path}`, { method: 'PUT', headers, body });
      expect(saved.status, def.path).toBe(200);
      const after = await revisionsOf(def.path, rows[0].id);
      expect(after.length - before, def.path).toBe(before === 0 ? 2 : 1);
      expect(Object.keys(after[0].values).sort(), def.path).toEqual(def.fields.map((field) => field.key).sort());
      expect(Object.keys(after[0].files).sort(), def.path).toEqual(def.files.map((slot) => slot.key).sort());
    }
  });

  it('outlive a deleted record, which can be read but not restored', async () => {
    const doomed = await createNotice(`Doomed ${stamp}`, 'Will be deleted.', `doomed-${stamp}`);
    await updateNotice(doomed, { title: `Doomed, edited ${stamp}` });
    expect((await api(`/api/Admin/notice/${doomed}`, { method: 'DELETE' })).status).toBe(200);
    expect((await revisionsOf('notice', doomed)).length).toBe(2);
    const refused = await api(`/api/Admin/notice/${doomed}/revisions/1/restore`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/deleted/);
    expect((await api(`/api/Admin/notice/${doomed}`)).status).toBe(404);
  });

  it('answer 404 for an unknown record, revision or type, and 400 for an ?against= that is no number', async () => {
    expect((await api('/api/Admin/notice/999999/revisions')).status).toBe(404);
    expect((await api(`/api/Admin/notice/${id}/revisions/999`)).status).toBe(404);
    expect((await api(`/api/Admin/notice/${id}/revisions/999/restore`, { method: 'POST' })).status).toBe(404);
    expect((await api(`/api/Admin/nothing/${id}/revisions`)).status).toBe(404);
    expect((await api(`/api/Admin/notice/${id}/revisions/abc`)).status).toBe(404);
    expect((await api(`/api/Admin/notice/${id}/revisions/2?against=two`)).status).toBe(400);
  });

  it('are refused to strangers and to staff who may not edit content, and nothing is restored for them', async () => {
    const before = (await revisionsOf('notice', id)).length;
    const paths = [`/api/Admin/notice/${id}/revisions`, `/api/Admin/notice/${id}/revisions/1`];
    for (const path of paths) expect((await fetch(`${baseUrl()}${path}`)).status, path).toBe(401);
    expect((await fetch(`${baseUrl()}/api/Admin/notice/${id}/revisions/1/restore`, { method: 'POST' })).status).toBe(401);
    for (const account of [USER, OFFICER]) {
      const headers = bearer(await login(account.email, account.password));
      for (const path of paths) expect((await fetch(`${baseUrl()}${path}`, { headers })).status, `${account.email} ${path}`).toBe(403);
      expect((await fetch(`${baseUrl()}/api/Admin/notice/${id}/revisions/1/restore`, { method: 'POST', headers })).status).toBe(403);
      expect((await fetch(`${baseUrl()}/history/notice/${id}`, { headers, redirect: 'manual' })).status).not.toBe(200);
    }
    expect((await fetch(`${baseUrl()}/history/notice/${id}`, { redirect: 'manual' })).status).toBe(302);
    expect((await revisionsOf('notice', id)).length).toBe(before);
  });

  it('are listed on the history screen with the difference marked', async () => {
    const page = await api(`/history/notice/${id}?from=1&to=2`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Changes from revision 1 to revision 2');
    expect(html).toMatch(/<del[^>]*>.*Tuesday.*<\/del>/);
    expect(html).toMatch(/<ins[^>]*>.*Wednesday.*<\/ins>/);
    expect(html).toContain('Restored from revision 1');
    expect((await api('/history/notice/999999')).status).toBe(404);
  });
});
