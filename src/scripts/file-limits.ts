/**
 * A file over its field's limit is refused in the browser, before anything is sent: a 30 MB photo on a slow
 * phone would otherwise upload for minutes only to be refused by the server. A field says its limit (the
 * server's own, data-max-bytes) and the words to say in the page's language (data-too-large, where {file} and
 * {size} are filled in here). The server checks every file again; without script its check is the only one.
 */
import { megabytesUp } from '../lib/file-size';

const FIELD = 'input[type="file"][data-max-bytes]';

/** The chosen files larger than `maxBytes`. */
export function oversizedFiles(files: Iterable<File>, maxBytes: number): File[] {
  return [...files].filter((file) => file.size > maxBytes);
}

/** The field's words for one file too large: its name and its size in megabytes, rounded up. */
export function tooLargeText(template: string, file: { name: string; size: number }): string {
  return template.replace('{file}', file.name).replace('{size}', megabytesUp(file.size));
}

/** The field's message beside it, made or cleared; tied to the field so that a screen reader reads it there. */
function say(input: HTMLInputElement, text: string | null): void {
  const id = `${input.id || input.name}-too-large`;
  const describedBy = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((token) => token && token !== id);
  let note = document.getElementById(id);
  if (text === null) {
    note?.remove();
    if (describedBy.length > 0) input.setAttribute('aria-describedby', describedBy.join(' '));
    else input.removeAttribute('aria-describedby');
    // Only what this check said is taken back: a refusal the server wrote beside the field stays.
    if (input.dataset.tooLargeSaid) {
      delete input.dataset.tooLargeSaid;
      input.removeAttribute('aria-invalid');
    }
    return;
  }
  if (!note) {
    note = document.createElement('p');
    note.id = id;
    note.className = 'field-error';
    note.setAttribute('role', 'alert');
    // After the field's label when the label wraps it: inside, the message would become part of its name.
    (input.closest('label') ?? input).insertAdjacentElement('afterend', note);
  }
  note.textContent = text;
  input.setAttribute('aria-describedby', [...describedBy, id].join(' '));
  if (input.getAttribute('aria-invalid') !== 'true') {
    input.dataset.tooLargeSaid = '1';
    input.setAttribute('aria-invalid', 'true');
  }
}

/** Checks one field: says which of its files are too large (or clears what it said), and answers whether all fit. */
function check(input: HTMLInputElement): boolean {
  const limit = Number(input.dataset.maxBytes);
  const over = Number.isFinite(limit) && limit > 0 ? oversizedFiles(input.files ?? [], limit) : [];
  say(input, over.length === 0 ? null : over.map((file) => tooLargeText(input.dataset.tooLarge ?? '', file)).join(' '));
  return over.length === 0;
}

/**
 * Checks each field as a file is chosen, and again as its form is sent: a form holding a file too large is
 * not sent (nothing typed is lost, since the page stays), and the first such field takes the focus. Listened
 * for on the document, before the form's own handlers, so that no other script sends the form meanwhile.
 */
export function refuseOversizedFiles(): void {
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches(FIELD)) check(event.target);
  });
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof HTMLFormElement)) return;
      const refused = [...event.target.querySelectorAll<HTMLInputElement>(FIELD)].filter((input) => !check(input));
      if (refused.length === 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      refused[0].focus();
    },
    true,
  );
  // A file chosen before this script arrived (a slow phone, a fast thumb) is checked now: its change went unheard.
  for (const input of document.querySelectorAll<HTMLInputElement>(FIELD)) if (input.files && input.files.length > 0) check(input);
}
