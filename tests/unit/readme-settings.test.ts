import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README's settings table is one table: a blank line inside it (once after TEST_CLOCK_FILE) ends the
 * table there and shows the remaining settings as a paragraph of pipes. And it names the staff screens.
 */
const readme = fs.readFileSync('README.md', 'utf8');

describe('the README', () => {
  it('keeps every setting in one unbroken table', () => {
    const section = /## Settings \(environment variables\)\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const lines = section.split('\n');
    const first = lines.findIndex((line) => line.startsWith('|'));
    const last = lines.findLastIndex((line) => line.startsWith('|'));
    expect(first).toBeGreaterThanOrEqual(0);
    const table = lines.slice(first, last + 1);
    expect(table.filter((line) => !line.startsWith('|')), 'lines inside the table that are not rows').toEqual([]);
    const names = table.slice(2).map((row) => row.split('|')[1].trim());
    for (const name of ['PORT', 'TEST_CLOCK_FILE', 'SMTP_URL', 'PAYMENT_GATEWAY', 'OPEN311_API_KEY']) expect(names.join(' '), name).toContain(name);
  });

  it('names the screens where staff accounts and Hindi names are kept', () => {
    expect(readme).toMatch(/\/staff\b/);
    expect(readme).toMatch(/\/hindi-names\b/);
  });
});
