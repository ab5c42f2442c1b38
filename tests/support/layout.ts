import type { Page } from '@playwright/test';

/**
 * How many pixels the open page is wider than the screen the test gave it (0 or less: no sideways scrolling).
 * Measured against the viewport the test set, not window.innerWidth: on a page opened as on a phone
 * (isMobile), the window itself widens to whatever overflows, and the page would always look as wide as it.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - (page.viewportSize()?.width ?? 0);
}

/**
 * The layout rules every public page keeps at every width: nothing scrolls sideways, the footer ends the
 * page, no two texts of a card or table row overlap, a card's label never runs into its value, and no word in
 * a table is broken for lack of room. Answers what is wrong with the open page, as sentences; none when nothing is.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`the page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);

    // The footer ends the page: nothing, not even blank space, below it.
    const footer = document.querySelector('footer');
    if (footer) {
      const bottom = footer.getBoundingClientRect().bottom + window.scrollY;
      if (root.scrollHeight - bottom > 1) problems.push(`${Math.round(root.scrollHeight - bottom)}px of blank page under the footer`);
    }

    // No two pieces of text of one card or table row overlap.
    const textBoxes = (container: Element) => {
      const boxes: { owner: Element; rect: DOMRect }[] = [];
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement || node.parentElement.closest('[popover], dialog, .visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) boxes.push({ owner: node.parentElement, rect });
      }
      return boxes;
    };
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    for (const container of document.querySelectorAll('main tr, main .card')) {
      const boxes = textBoxes(container);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          if (boxes[i].owner !== boxes[j].owner && overlaps(boxes[i].rect, boxes[j].rect)) {
            problems.push(`"${boxes[i].owner.textContent?.trim().slice(0, 40)}" overlaps "${boxes[j].owner.textContent?.trim().slice(0, 40)}"`);
          }
        }
      }
    }

    // A card's label (drawn from data-label) stays in its own column and never runs into the value.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const cell of document.querySelectorAll<HTMLElement>('main td[data-label]')) {
      const label = getComputedStyle(cell, '::before');
      if (label.content === 'none' || label.position !== 'absolute' || cell.offsetParent === null) continue;
      canvas.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
      const longestWord = Math.max(...(cell.dataset.label ?? '').split(/\s+/).map((word) => canvas.measureText(word).width));
      const oneLine = canvas.measureText(cell.dataset.label ?? '').width;
      const room = parseFloat(label.width);
      if ((label.whiteSpace.includes('nowrap') ? oneLine : longestWord) > room + 1) problems.push(`the label "${cell.dataset.label}" runs into its value`);
    }

    // Table cells break between words: a word wider than its cell means the columns were squeezed.
    for (const cell of document.querySelectorAll<HTMLElement>('main .data-table td')) {
      // A phone's card cell, its label beside the value (placed or floated), leaves a long number no other way.
      const label = cell.hasAttribute('data-label') ? getComputedStyle(cell, '::before') : null;
      if (cell.offsetParent === null || label && (label.position === 'absolute' || label.cssFloat !== 'none')) continue;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const element of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join(' ');
        if (!own.trim()) continue;
        const font = getComputedStyle(element);
        canvas.font = `${font.fontWeight} ${font.fontSize} ${font.fontFamily}`;
        for (const word of own.split(/\s+/).filter(Boolean)) {
          if (canvas.measureText(word).width > room + 1) problems.push(`"${word}" is broken in a ${Math.round(room)}px cell`);
        }
      }
    }
    return [...new Set(problems)];
  });
}
