import { atom } from 'nanostores';

/**
 * The one message dialog of the back office (SPEC.md §8 pop-ups: a title and a message). Any island calls
 * showDialog; the DialogHost island, mounted once by the admin layout, shows it.
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
