/**
 * Closing rules shared by every disclosure of the site (the public header's dropdowns, the language menu,
 * the phone menu; the back office's phone sidebar and staff menu): Escape closes the one it is pressed in
 * and puts focus back on its control; focus moving on to something outside it, or a press outside it,
 * closes it too. A dropdown left open over the page hides what the keyboard has moved to.
 */
export interface Disclosure {
  /** Everything that counts as inside: the control and its panel. */
  parts: readonly HTMLElement[];
  /** The element that opens it, which gets focus back on Escape. */
  control: HTMLElement;
  isOpen: () => boolean;
  close: () => void;
  /**
   * Presses and focus that land here leave it to the browser: a sibling dropdown of the same exclusive group,
   * which closes this one itself when it opens, at the click. Closing it at the press instead would move the
   * sibling up under the finger before the click lands, and the click would land on whatever came up in its
   * place (on a phone's stacked menu, below the menu, which then closed too).
   */
  leavesTo?: (node: Node) => boolean;
}

const within = (disclosure: Disclosure, node: EventTarget | null) => node instanceof Node && disclosure.parts.some((part) => part.contains(node));
const leftTo = (disclosure: Disclosure, node: EventTarget | null) => node instanceof Node && disclosure.leavesTo?.(node) === true;

// Whether a press is on its way to its click: focus moves during it (at the mouse's press; after the finger
// lifts on a touch screen), before the click that opens a sibling, and only then is a sibling's focus left to
// the browser. Tabbing onto a sibling's summary opens nothing, and still closes.
let pressing = false;
document.addEventListener('pointerdown', () => (pressing = true), true);
for (const end of ['click', 'keydown'] as const) document.addEventListener(end, () => (pressing = false), true);

export function dismissible(disclosure: Disclosure): void {
  for (const part of disclosure.parts) {
    part.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !disclosure.isOpen()) return;
      // The innermost open disclosure answers; an outer one stays open.
      event.stopPropagation();
      disclosure.close();
      disclosure.control.focus();
    });
    part.addEventListener('focusout', (event) => {
      // relatedTarget is null when focus leaves the window or a click lands on plain text: presses are
      // handled below, and switching windows should not close anything.
      const next = (event as FocusEvent).relatedTarget;
      if (next && !within(disclosure, next) && !(pressing && leftTo(disclosure, next)) && disclosure.isOpen()) disclosure.close();
    });
  }
  document.addEventListener('pointerdown', (event) => {
    if (disclosure.isOpen() && !within(disclosure, event.target) && !leftTo(disclosure, event.target)) disclosure.close();
  });
}

/**
 * The same rules for a <details> element, whose summary is its control. Dropdowns that share a `name` are
 * one exclusive group: opening one closes the others natively, so a press on a sibling is left to that.
 */
export function dismissibleDetails(details: HTMLDetailsElement): void {
  const summary = details.querySelector<HTMLElement>(':scope > summary');
  if (!summary) return;
  const group = details.getAttribute('name');
  const leavesTo = group
    ? (node: Node) => {
        const sibling = (node instanceof Element ? node : node.parentElement)?.closest('details');
        return sibling !== null && sibling !== undefined && sibling !== details && sibling.getAttribute('name') === group;
      }
    : undefined;
  dismissible({ parts: [details], control: summary, isOpen: () => details.open, close: () => (details.open = false), leavesTo });
}
