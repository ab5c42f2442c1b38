import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Public forms draw every field through one component (src/components/public/FormField.astro): its label,
 * required mark, hint, error and the ARIA that ties them together are written once. The staff screens that
 * are plain Astro forms (the counter and its payment fields, the property register) keep their own compact layout.
 */
const OWN_FIELD_MARKUP = /class="form-field|class:list=\{\['form-field'/;
const STAFF_SCREENS = new Set(['src/pages/counter.astro', 'src/features/payments/CounterModeFields.astro', 'src/pages/property-register.astro']);

function astroFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

describe('public form fields', () => {
  it('are drawn by FormField alone', () => {
    const drawingTheirOwn = astroFiles('src')
      .filter((file) => OWN_FIELD_MARKUP.test(fs.readFileSync(file, 'utf8')))
      .filter((file) => file !== path.join('src', 'components', 'public', 'FormField.astro') && !STAFF_SCREENS.has(file));
    expect(drawingTheirOwn).toEqual([]);
  });
});
