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
}

const inside = (disclosure: Disclosure, node: EventTarget | null) =>
  node instanceof Node && disclosure.parts.some((part) => part.contains(node));

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
      if (next && !inside(disclosure, next) && disclosure.isOpen()) disclosure.close();
    });
  }
  document.addEventListener('pointerdown', (event) => {
    if (disclosure.isOpen() && !inside(disclosure, event.target)) disclosure.close();
  });
}

/** The same rules for a <details> element, whose summary is its control. */
export function dismissibleDetails(details: HTMLDetailsElement): void {
  const summary = details.querySelector<HTMLElement>(':scope > summary');
  if (!summary) return;
  dismissible({ parts: [details], control: summary, isOpen: () => details.open, close: () => (details.open = false) });
}
