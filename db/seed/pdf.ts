import { siteSettings } from '../../src/site-settings';

/**
 * A deliberately small PDF 1.4 writer for the demo documents: A4 pages, the two standard Helvetica fonts
 * (every viewer has them, so nothing is embedded), a coloured header band with the council's name, a wrapped
 * title and wrapped body text, and a page footer. Streams are left uncompressed so the text stays searchable
 * by tests and by eye.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BAND_HEIGHT = 78;
const BODY_SIZE = 11;
const BODY_LEADING = 16;
const PARAGRAPH_GAP = 6;
const TITLE_SIZE = 15;
const TITLE_LEADING = 20;
const FOOTER_Y = 36;
const BODY_BOTTOM = FOOTER_Y + 28;

// Advance widths (thousandths of the font size) of the printable ASCII range, from the standard font metrics.
// Needed only to wrap lines; characters outside the range fall back to an average width.
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const HELVETICA_BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

type FontKey = 'F1' | 'F2';

function textWidth(text: string, font: FontKey, size: number): number {
  const widths = font === 'F2' ? HELVETICA_BOLD_WIDTHS : HELVETICA_WIDTHS;
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    total += code >= 32 && code <= 126 ? widths[code - 32] : 556;
  }
  return (total * size) / 1000;
}

// The fonts use WinAnsiEncoding, a single-byte code page. Common typographic characters are mapped onto it;
// anything else (e.g. Devanagari) cannot be drawn by a standard font and is replaced.
const WIN_ANSI: Record<string, string> = {
  '\u2013': '\x96', '\u2014': '\x97', '\u2018': '\x91', '\u2019': '\x92', '\u201c': '\x93', '\u201d': '\x94',
  '\u2022': '\x95', '\u2026': '\x85', '\u20ac': '\x80', '\u20b9': 'Rs.', '\u00a0': ' ',
};

function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (WIN_ANSI[ch] !== undefined) out += WIN_ANSI[ch];
    else if ((code >= 32 && code <= 126) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else if (ch === '\t') out += '    ';
    else out += '?';
  }
  return out;
}

/** A PDF literal string: backslash, and the parentheses that delimit it, are escaped. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Greedy word wrap; a single word longer than the line is cut so nothing runs off the page. */
export function wrapText(text: string, font: FontKey, size: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let current = '';
  for (let word of words) {
    while (textWidth(word, font, size) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(word.slice(0, cut), font, size) > maxWidth) cut--;
      if (current) lines.push(current);
      lines.push(word.slice(0, cut));
      current = '';
      word = word.slice(cut);
    }
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, font, size) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

interface TextLine {
  text: string;
  font: FontKey;
  size: number;
  /** Space taken below the previous line's baseline. */
  leading: number;
}

/** The title block followed by the body, each paragraph wrapped; an empty input line leaves a gap. */
function layoutLines(title: string, paragraphs: string[]): TextLine[] {
  const out: TextLine[] = [];
  for (const line of wrapText(toWinAnsi(title), 'F2', TITLE_SIZE, TEXT_WIDTH)) {
    out.push({ text: line, font: 'F2', size: TITLE_SIZE, leading: TITLE_LEADING });
  }
  out.push({ text: '', font: 'F1', size: BODY_SIZE, leading: 10 });
  paragraphs.forEach((paragraph, index) => {
    wrapText(toWinAnsi(paragraph), 'F1', BODY_SIZE, TEXT_WIDTH).forEach((line, lineIndex) => {
      // A little air above each paragraph reads better than a blank line and keeps short notices on one page.
      const gap = index > 0 && lineIndex === 0 ? PARAGRAPH_GAP : 0;
      out.push({ text: line, font: 'F1', size: BODY_SIZE, leading: BODY_LEADING + gap });
    });
  });
  return out;
}

/** Splits laid-out lines into pages by the vertical space each line takes. */
function paginate(lines: TextLine[]): TextLine[][] {
  const top = PAGE_HEIGHT - BAND_HEIGHT - 40;
  const pages: TextLine[][] = [[]];
  let y = top;
  for (const line of lines) {
    if (y - line.leading < BODY_BOTTOM && pages[pages.length - 1].length > 0) {
      pages.push([]);
      y = top;
    }
    y -= line.leading;
    pages[pages.length - 1].push(line);
  }
  return pages;
}

/** The council's header band, repeated on every page so a printed page is never anonymous. */
function headerOps(): string[] {
  const bandBottom = PAGE_HEIGHT - BAND_HEIGHT;
  const name = toWinAnsi(siteSettings.councilName.toUpperCase());
  const address = toWinAnsi(siteSettings.addressText);
  const contact = toWinAnsi(`Phone ${siteSettings.phone}  |  Toll-free ${siteSettings.tollFree}  |  ${siteSettings.email}`);
  return [
    '0.09 0.27 0.45 rg',
    `0 ${bandBottom} ${PAGE_WIDTH} ${BAND_HEIGHT} re f`,
    '0.96 0.55 0.13 rg',
    `0 ${bandBottom - 4} ${PAGE_WIDTH} 4 re f`,
    '1 1 1 rg',
    `BT /F2 20 Tf ${MARGIN} ${bandBottom + 44} Td ${pdfString(name)} Tj ET`,
    `BT /F1 9 Tf ${MARGIN} ${bandBottom + 27} Td ${pdfString(address)} Tj ET`,
    `BT /F1 9 Tf ${MARGIN} ${bandBottom + 14} Td ${pdfString(contact)} Tj ET`,
  ];
}

function footerOps(pageNumber: number, pageCount: number): string[] {
  const label = `Page ${pageNumber} of ${pageCount}`;
  return [
    '0.6 0.6 0.6 RG 0.5 w',
    `${MARGIN} ${FOOTER_Y + 14} m ${PAGE_WIDTH - MARGIN} ${FOOTER_Y + 14} l S`,
    '0.35 0.35 0.35 rg',
    `BT /F1 8 Tf ${MARGIN} ${FOOTER_Y} Td ${pdfString(toWinAnsi(siteSettings.councilName))} Tj ET`,
    `BT /F1 8 Tf ${PAGE_WIDTH - MARGIN - textWidth(label, 'F1', 8)} ${FOOTER_Y} Td ${pdfString(label)} Tj ET`,
  ];
}

function pageContent(lines: TextLine[], pageNumber: number, pageCount: number): string {
  const ops = headerOps();
  ops.push('0.1 0.1 0.1 rg');
  let y = PAGE_HEIGHT - BAND_HEIGHT - 40;
  for (const line of lines) {
    y -= line.leading;
    if (line.text) ops.push(`BT /${line.font} ${line.size} Tf ${MARGIN} ${y} Td ${pdfString(line.text)} Tj ET`);
  }
  ops.push(...footerOps(pageNumber, pageCount));
  return ops.join('\n');
}

/**
 * Assembles numbered objects into a file with a cross-reference table. Every character is below 256 and is
 * written as one latin1 byte, so string lengths are byte offsets.
 */
function assemble(objects: string[], infoId: number): Uint8Array {
  // The binary comment on line two tells transfer tools the file is not plain text.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A printable A4 document: the council's letterhead, the title in bold, then the lines as wrapped paragraphs. */
export function makePdf(title: string, lines: string[]): Uint8Array {
  const pages = paginate(layoutLines(title, lines));
  // Fixed objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info; then a page and its content per page.
  const firstPageId = 6;
  const pageIds = pages.map((_, i) => firstPageId + 2 * i);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(toWinAnsi(title))} /Author ${pdfString(toWinAnsi(siteSettings.councilName))} /Producer (Council portal demo seed) >>`,
  ];
  pages.forEach((pageLines, i) => {
    const content = pageContent(pageLines, i + 1, pages.length);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  return assemble(objects, 5);
}
