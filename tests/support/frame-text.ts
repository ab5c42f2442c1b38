/**
 * The text a person reads on a page, without what is marked as another language: the text nodes and the
 * alt, title, aria-label, placeholder and content (meta description) attributes, outside <script>, <style>
 * and any element with lang="en" (or the selectors' classes given in `skipClasses`).
 */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const READ_ATTRIBUTES = ['alt', 'title', 'aria-label', 'placeholder'];

const decode = (text: string) =>
  text.replace(/&(nbsp|middot|larr|rarr|times);/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

export function readableText(html: string, skipClasses: readonly string[] = []): string[] {
  const out: string[] = [];
  // Each open element: whether it (or an ancestor) is skipped.
  const stack: { name: string; skipped: boolean }[] = [];
  const skipped = () => stack.length > 0 && stack[stack.length - 1].skipped;
  // Named entities the pages use are punctuation; numeric ones are decoded.
  const tag = /<!--[\s\S]*?-->|<![^>]*>|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>\/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (!skipped()) out.push(decode(html.slice(last, match.index)));
    last = tag.lastIndex;
    if (match[0].startsWith('<!')) continue;
    const [, closing, rawName, attributes, selfClosing] = match;
    const name = rawName.toLowerCase();
    if (closing) {
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const attr = (key: string) => new RegExp(`\\s${key}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(attributes)?.slice(2).find((v) => v !== undefined);
    const classes = (attr('class') ?? '').split(/\s+/);
    const skip = skipped() || name === 'script' || name === 'style' || attr('lang') === 'en' || skipClasses.some((c) => classes.includes(c));
    // A <link>'s title names a feed for feed readers (the feeds' own catalogue), not text on the page.
    if (!skip && name !== 'link') {
      for (const key of READ_ATTRIBUTES) {
        const value = attr(key);
        if (value) out.push(decode(value));
      }
      if (name === 'meta' && attr('name') === 'description') out.push(decode(attr('content') ?? ''));
    }
    if (name === 'script' || name === 'style') {
      // Their content is not markup: jump to the closing tag.
      const end = html.toLowerCase().indexOf(`</${name}`, last);
      last = end < 0 ? html.length : end;
      tag.lastIndex = last;
      stack.push({ name, skipped: true });
      continue;
    }
    if (!VOID.has(name) && !selfClosing) stack.push({ name, skipped: skip });
  }
  if (!skipped()) out.push(decode(html.slice(last)));
  return out.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
