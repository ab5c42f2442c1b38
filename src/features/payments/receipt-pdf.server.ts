import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import woff from 'woff2sfnt-sfnt2woff';
import type { Lang } from '../../i18n/lang';
import { rupees } from './money';
import { textRuns } from '../../lib/text-runs';
import { drawLogo, type Letterhead } from './letterhead.server';

/**
 * Receipts and notices as PDF, with pdfkit: its layout engine (fontkit) shapes Devanagari, joining conjuncts
 * and placing the i-matra before its consonant, which a PDF writer that only maps characters to glyphs
 * cannot. The font is Noto Sans Devanagari from its npm package (two subsets: Devanagari and Latin); text
 * is drawn in runs, each in the subset that has its letters.
 */
const require_ = createRequire(import.meta.url);
const { toSfnt } = woff;
const FONT_FILES = {
  deva: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  devaBold: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  latin: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff',
  latinBold: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;
/**
 * The fonts as plain TrueType, unpacked once. fontkit reads a WOFF file's compressed tables again on every
 * glyph it loads, which made a ward's notices spend most of their time inflating the same bytes.
 */
function fontBytes() {
  fonts ??= Object.fromEntries(Object.entries(FONT_FILES).map(([k, spec]) => [k, Buffer.from(toSfnt(fs.readFileSync(require_.resolve(spec))))])) as Record<keyof typeof FONT_FILES, Buffer>;
  return fonts;
}

/** Devanagari letters and the marks that join them, and the rupee sign (only the Devanagari subset has it). */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9]+/g;

function runs(text: string): { text: string; deva: boolean }[] {
  return textRuns(text, DEVANAGARI).map((run) => ({ text: run.text, deva: run.matched }));
}

export type Doc = InstanceType<typeof PDFDocument> & { bytes?: Promise<Buffer> };

/** `author`: the council's name, as the document's properties give it. */
export function newDocument(title: string, author: string): Doc {
  const doc = fontedDocument(title, author);
  // Read from the start: a pdfkit stream whose reader comes late may never end.
  const chunks: Buffer[] = [];
  doc.bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return doc;
}

/**
 * A document sent as it is written (a whole ward's notices): the web stream reads it from the start, as a
 * pdfkit stream needs, and only the pages not yet sent are held in memory.
 */
export function streamedDocument(title: string, author: string): { doc: Doc; body: ReadableStream<Uint8Array> } {
  const doc = fontedDocument(title, author);
  return { doc, body: Readable.toWeb(doc) as ReadableStream<Uint8Array> };
}

function fontedDocument(title: string, author: string): Doc {
  const f = fontBytes();
  // pdfkit starts in its built-in Helvetica (never drawn with); starting in one of these fonts instead makes a
  // document that switches fonts never end.
  const doc: Doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title, Author: author } });
  doc.registerFont('deva', f.deva);
  doc.registerFont('devaBold', f.devaBold);
  doc.registerFont('latin', f.latin);
  doc.registerFont('latinBold', f.latinBold);
  return doc;
}

/**
 * Draws text inside a marked-content span whose ActualText is `actual`: what copying, search and screen
 * readers take instead of the glyphs. pdfkit writes each text object inside a graphics state of its own
 * (q, its flip of the page's coordinates, BT…ET, Q), and its markContent would put the span around that
 * state; poppler then places the actual text in the page's state rather than the glyphs', and scatters the
 * words down the page. So the span is written inside it, around BT…ET, where the glyphs are.
 */
function withActualText(doc: Doc, actual: string, draw: () => void): void {
  const add = doc.addContent;
  // A PDF text string: UTF-16BE behind its byte order mark, written in hex.
  const utf16 = Buffer.from(`\ufeff${actual}`, 'utf16le').swap16().toString('hex');
  doc.addContent = (data: string) => {
    if (data === 'BT') add.call(doc, `/Span <</ActualText <${utf16}>>> BDC`);
    add.call(doc, data);
    if (data === 'ET') add.call(doc, 'EMC');
    return doc;
  };
  try {
    draw();
  } finally {
    doc.addContent = add;
  }
}

/**
 * One line of mixed-script text at (x, y), or where the last line ended: each run is drawn in its own font
 * and placed after the one before by its measured width (pdfkit's `continued` text across fonts is not used:
 * a document using it could fail to end). Lines are not wrapped; callers keep them short, or wrap them with
 * `paragraph`.
 *
 * A Devanagari run's glyphs are in visual order (the i-matra drawn before its consonant, a conjunct one
 * glyph), so copying or searching them gave other words (पिरषद for परिषद): each such run carries the text
 * as typed as its ActualText.
 */
export function line(doc: Doc, text: string, options: { size?: number; bold?: boolean; x?: number; y?: number; right?: number } = {}): void {
  const y = options.y ?? doc.y;
  doc.fontSize(options.size ?? 11);
  // Ending at `right` instead of starting at x: a column of amounts lines up by its last digit.
  const x0 = options.right === undefined ? (options.x ?? doc.page.margins.left) : options.right - widthOf(doc, text, options.bold);
  let x = x0;
  for (const part of runs(text)) {
    doc.font(part.deva ? (options.bold ? 'devaBold' : 'deva') : options.bold ? 'latinBold' : 'latin');
    const draw = () => doc.text(part.text, x, y, { lineBreak: false });
    if (part.deva) withActualText(doc, part.text, draw);
    else draw();
    x += doc.widthOfString(part.text);
  }
  doc.x = x0;
  doc.y = y + doc.currentLineHeight(true);
}

/** The width of mixed-script text at the current size, each run measured in its own font. */
function widthOf(doc: Doc, text: string, bold = false): number {
  let width = 0;
  for (const part of runs(text)) {
    doc.font(part.deva ? (bold ? 'devaBold' : 'deva') : bold ? 'latinBold' : 'latin');
    width += doc.widthOfString(part.text);
  }
  return width;
}

/** Letters as a reader sees them (a Devanagari consonant with its marks is one), to break a word between. */
const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/** A word wider than `width` cut into pieces that fit, between letters; any other word as it is. */
function fittingPieces(doc: Doc, word: string, width: number, bold = false): string[] {
  if (widthOf(doc, word, bold) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(word)) {
    if (piece && widthOf(doc, piece + segment, bold) > width) {
      pieces.push(piece);
      piece = segment;
    } else piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Mixed-script text wrapped at spaces to `width` (a word longer than a line, between its letters), drawn line
 * by line from (x, y); answers the y below it.
 */
export function paragraph(doc: Doc, text: string, options: { x: number; y: number; width: number; size?: number; bold?: boolean }): number {
  doc.fontSize(options.size ?? 10);
  let y = options.y;
  let current = '';
  const flush = () => {
    line(doc, current, { x: options.x, y, size: options.size ?? 10, bold: options.bold });
    y = doc.y;
  };
  for (const word of text.split(/\s+/).filter(Boolean).flatMap((w) => fittingPieces(doc, w, options.width, options.bold))) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && widthOf(doc, candidate, options.bold) > options.width) {
      flush();
      current = word;
    } else current = candidate;
  }
  if (current) flush();
  return y;
}

/**
 * How wide a value drawn at (x, y) may run: up to the box of a picture in the top right corner (a QR code)
 * while beside it, else to the right margin.
 */
export function widthBeside(doc: Doc, x: number, y: number, box: { left: number; bottom: number }): number {
  const right = y < box.bottom ? box.left - 12 : doc.page.width - doc.page.margins.right;
  return right - x;
}

/**
 * A QR code drawn as the PDF's own squares at (x, y), `size` points wide: no picture to encode and decode,
 * so a ward's hundreds of notices cost little each, and it stays sharp at any print size.
 */
export function qrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 1;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

export function finish(doc: Doc): Promise<Buffer> {
  doc.end();
  return doc.bytes!;
}

export interface ReceiptForPdf {
  number: string;
  state: 'valid' | 'cancelled';
  /** When it was paid, as people read it in the receipt's language (formatWhen: India's date and time). */
  paidOn: string;
  amountPaise: number;
  mode: string;
  instrument: string;
  title: string;
  reference: string;
  /** What the payable kind calls its reference ('Property number', 'Application number'), in the receipt's language. */
  referenceName: string;
  payerName: string;
  lines: { label: string; amountPaise: number }[];
  /** Printed beside the number: with it, /verify shows the receipt's facts (the QR code's address carries it too). */
  checkCode: string;
  verifyUrl: string;
}

const WORDS: Record<Lang, Record<string, string>> = {
  en: { receipt: 'Payment receipt', number: 'Receipt number', code: 'Check code', date: 'Date', for: 'For', payer: 'Received from', mode: 'Mode', amount: 'Amount received', verify: 'Scan or visit to verify this receipt:', cancelled: 'CANCELLED', item: 'Head', rs: 'Amount (₹)', total: 'Total' },
  hi: { receipt: 'भुगतान रसीद', number: 'रसीद संख्या', code: 'जाँच कोड', date: 'तिथि', for: 'विवरण', payer: 'प्राप्त किया', mode: 'माध्यम', amount: 'प्राप्त राशि', verify: 'इस रसीद की जाँच के लिए स्कैन करें या खोलें:', cancelled: 'रद्द', item: 'मद', rs: 'राशि (₹)', total: 'कुल' },
};

/** Where the amounts of a receipt's heads end: under the QR code's right edge. */
const AMOUNT_RIGHT = 540;

/** `head`: the council's letterhead (letterhead.server.ts). */
export async function receiptPdf(receipt: ReceiptForPdf, lang: Lang, head: Letterhead): Promise<Buffer> {
  const w = WORDS[lang];
  const doc = newDocument('Receipt', head.council.name.en);
  const x = drawLogo(doc, head, 48, 44, 48);
  line(doc, head.council.name[lang], { size: 18, bold: true, x, y: 48 });
  const a = head.council.address[lang];
  line(doc, [a.line1, a.line2].filter(Boolean).join(', '), { size: 8, x, y: 72 });
  line(doc, `${a.town}, ${a.district}, ${a.state} ${a.pinCode}`, { size: 8, x, y: 84 });
  line(doc, w.receipt, { size: 15, bold: true, x: 48, y: 104 });
  qrCode(doc, receipt.verifyUrl, 420, 40, 120);
  // On a screen, a tap on the QR code opens what it encodes.
  doc.link(420, 40, 120, 120, receipt.verifyUrl);
  const rows: [string, string][] = [
    [w.number, receipt.number],
    [w.code, receipt.checkCode],
    [w.date, receipt.paidOn],
    [w.for, receipt.title],
    [receipt.referenceName, receipt.reference],
    [w.payer, receipt.payerName],
    [w.mode, receipt.instrument ? `${receipt.mode} (${receipt.instrument})` : receipt.mode],
    [w.amount, `₹ ${rupees(receipt.amountPaise)}`],
  ];
  let y = 140;
  for (const [label, value] of rows) {
    line(doc, label, { size: 11, x: 48, y });
    // A long name or title wraps within its column, clear of the QR code.
    const below = paragraph(doc, value, { x: 200, y, width: widthBeside(doc, 200, y, { left: 420, bottom: 160 }), size: 11, bold: true });
    y = Math.max(y + 20, below + 5);
  }
  if (receipt.lines.length > 0) {
    y += 10;
    line(doc, w.item, { size: 10, bold: true, x: 48, y });
    line(doc, w.rs, { size: 10, bold: true, right: AMOUNT_RIGHT, y });
    y += 16;
    for (const l of receipt.lines) {
      line(doc, l.label, { size: 10, x: 48, y });
      line(doc, rupees(l.amountPaise), { size: 10, right: AMOUNT_RIGHT, y });
      y += 15;
    }
    // The lines add up to what was received (a rebate is a negative line): the total says so under them.
    doc.moveTo(48, y).lineTo(AMOUNT_RIGHT, y).lineWidth(0.5).stroke();
    y += 5;
    line(doc, w.total, { size: 10, bold: true, x: 48, y });
    line(doc, rupees(receipt.amountPaise), { size: 10, bold: true, right: AMOUNT_RIGHT, y });
    y += 15;
  }
  y += 20;
  line(doc, w.verify, { size: 9, x: 48, y });
  line(doc, receipt.verifyUrl, { size: 9, x: 48, y: y + 14 });
  if (receipt.state === 'cancelled') {
    doc.save().rotate(-30, { origin: [300, 400] }).fillColor('#a4161a').opacity(0.35);
    line(doc, w.cancelled, { size: 72, bold: true, x: 150, y: 360 });
    doc.restore();
  }
  return finish(doc);
}
