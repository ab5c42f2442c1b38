/** A tel: link target from a printed number: '1800-345-6190' → 'tel:18003456190'. */
export function telHref(printed: string): string {
  return `tel:${printed.replace(/[^\d+]/g, '')}`;
}
