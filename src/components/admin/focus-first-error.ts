import { useEffect, type RefObject } from 'react';

/**
 * After a refused submit (the form's own check or the server's answer), brings the first field marked
 * invalid into view and focuses it, so its message is seen and read out; in a dialog the dialog's body
 * scrolls to it. Runs once per attempt, when the attempt has finished.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, attempt: { submitCount: number; isSubmitting: boolean; errors: object }): void {
  const { submitCount, isSubmitting, errors } = attempt;
  const failed = submitCount > 0 && !isSubmitting && Object.keys(errors).length > 0;
  useEffect(() => {
    if (!failed) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [failed, submitCount, form]);
}
