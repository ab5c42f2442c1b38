import { describe, expect, it } from 'vitest';
import { submissionFromForm, submissionFromJson } from '../../src/server/content/submission';
import { decodeBase64File, sniffContentType } from '../../src/server/content/uploads';
import { noticeType } from '../../src/features/notice/notice.schema';
import { circularType } from '../../src/features/circular/circular.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { HttpError } from '../../src/server/http';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n\n'); // 36 bytes: base64 without padding
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const pdfFile = (name: string, bytes: Uint8Array = PDF) => new File([Buffer.from(bytes)], name, { type: 'application/pdf' });

describe('recognising files from their bytes', () => {
  it('knows JPEG, PNG, WebP and PDF, and nothing else', () => {
    expect(sniffContentType(JPEG)?.type).toBe('image/jpeg');
    expect(sniffContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10]))?.type).toBe('image/png');
    expect(sniffContentType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.type).toBe('image/webp');
    expect(sniffContentType(PDF)?.type).toBe('application/pdf');
    expect(sniffContentType(new TextEncoder().encode('<html>'))).toBeNull();
  });

  it('reads base64 with or without a data: prefix and leaves file names alone', () => {
    const b64 = Buffer.from(PDF).toString('base64').repeat(3);
    expect(decodeBase64File(`data:application/pdf;base64,${b64}`)).toBeInstanceOf(Uint8Array);
    expect(decodeBase64File(b64)).toBeInstanceOf(Uint8Array);
    expect(decodeBase64File('notice.pdf')).toBeNull();
    expect(decodeBase64File('NA')).toBeNull();
    expect(decodeBase64File('data:application/pdf;base64,@@@not base64@@@')).toBe('malformed');
  });
});

describe('reading a multipart submission', () => {
  it('matches wire names case-insensitively, with or without the prefix', async () => {
    const form = new FormData();
    form.set('notice.TITLE', 'Water cut');
    form.set('Description', 'Sunday');
    form.set('Notice.IssueDate', '2026-11-01');
    form.set('Notice.Id', '0');
    form.set('DocumentFile', pdfFile('cut.pdf'));
    const s = await submissionFromForm(noticeType, form);
    expect(s.id).toBeNull();
    expect(s.values).toEqual({ title: 'Water cut', description: 'Sunday', issueDate: '2026-11-01' });
    expect(s.files.filePath.kind).toBe('upload');
  });

  it('keeps the stored file when the old client sends back a file name, and takes DocumentFileBase64', async () => {
    const kept = new FormData();
    kept.set('Circular.Id', '7');
    kept.set('DocumentFile', 'order.pdf');
    expect((await submissionFromForm(circularType, kept)).files.filePath).toEqual({ kind: 'none' });
    const sent = new FormData();
    sent.set('DocumentFileBase64', `data:application/pdf;base64,${Buffer.from(PDF).toString('base64')}`);
    const s = await submissionFromForm(circularType, sent);
    expect(s.files.filePath.kind).toBe('upload');
  });

  it('points at an already stored file by its /media/ URL', async () => {
    const form = new FormData();
    const sha = 'a'.repeat(64);
    form.set('Notice.FilePath', `/media/${sha}.pdf`);
    expect((await submissionFromForm(noticeType, form)).files.filePath).toEqual({ kind: 'stored', sha256: sha });
  });

  it('refuses a document that is not a PDF (415) and malformed base64 (400)', async () => {
    const wrong = new FormData();
    wrong.set('DocumentFile', new File(['just text, named like a pdf'], 'x.pdf'));
    await expect(submissionFromForm(noticeType, wrong)).rejects.toMatchObject({ status: 415 });
    const malformed = new FormData();
    malformed.set('DocumentFileBase64', 'data:application/pdf;base64,###');
    const error = await submissionFromForm(circularType, malformed).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid document file!' });
  });

  it('spreads the old tender client\'s slot-less file parts: named slots first, then empty ones', async () => {
    const form = new FormData();
    form.set('Tender.tender_no', 'T-1');
    form.set('Tender.tender_document_3', 'drawings.pdf');
    form.append('file', pdfFile('main.pdf', new TextEncoder().encode('%PDF-1.4 main')));
    form.append('file', pdfFile('drawings.pdf', new TextEncoder().encode('%PDF-1.4 drawings')));
    const s = await submissionFromForm(tenderType, form);
    const text = (key: string) => {
      const choice = s.files[key];
      return choice.kind === 'upload' ? new TextDecoder().decode(choice.file.bytes) : choice.kind;
    };
    expect(text('tender_document')).toBe('%PDF-1.4 main');
    expect(text('tender_document_3')).toBe('%PDF-1.4 drawings');
    expect(text('tender_document_2')).toBe('none');
  });

  it('takes the slot-named parts our own screen sends', async () => {
    const form = new FormData();
    form.set('Tender.tender_document_5', pdfFile('five.pdf'));
    const s = await submissionFromForm(tenderType, form);
    expect(s.files.tender_document_5.kind).toBe('upload');
    expect(s.files.tender_document.kind).toBe('none');
  });

  it('refuses an id that is not a whole number', async () => {
    const form = new FormData();
    form.set('Notice.Id', 'abc');
    await expect(submissionFromForm(noticeType, form)).rejects.toMatchObject({ status: 400 });
  });
});

describe('reading a JSON submission', () => {
  it('takes the answer\'s own names, files as base64 text', async () => {
    const s = await submissionFromJson(noticeType, { id: 3, title: 'T', filePath: Buffer.from(PDF).toString('base64').repeat(2) });
    expect(s.id).toBe(3);
    expect(s.values).toEqual({ title: 'T' });
    expect(s.files.filePath.kind).toBe('upload');
    await expect(submissionFromJson(noticeType, { filePath: 42 })).rejects.toBeInstanceOf(HttpError);
  });
});
