import { atom } from 'nanostores';

/**
 * The one message dialog of the back office (docs/legacy-contract.md §7.3: pop-ups with a title and a message). Any
 * island calls showDialog; the DialogHost island, mounted once by the admin layout, shows it.
 */
export interface DialogMessage {
  title: string;
  message: string;
  tone: 'success' | 'error' | 'info';
}

export const $dialog = atom<DialogMessage | null>(null);

export function showDialog(title: string, message: string, tone: DialogMessage['tone'] = 'info'): void {
  $dialog.set({ title, message, tone });
}

export function closeDialog(): void {
  $dialog.set(null);
}

// A screen that reloads itself after a step (the review queue) would lose the message saying what the step
// did; it is kept in this tab's session storage for the reloaded page's DialogHost to show.
const CARRIED = 'carried-dialog';

export function carryDialogAcrossReload(): void {
  const dialog = $dialog.get();
  if (dialog) sessionStorage.setItem(CARRIED, JSON.stringify(dialog));
}

export function showCarriedDialog(): void {
  const carried = sessionStorage.getItem(CARRIED);
  if (!carried) return;
  sessionStorage.removeItem(CARRIED);
  try {
    const dialog = JSON.parse(carried) as DialogMessage;
    if (typeof dialog.title === 'string' && typeof dialog.message === 'string') showDialog(dialog.title, dialog.message, dialog.tone);
  } catch {
    // A value this code did not write: nothing to show.
  }
}
