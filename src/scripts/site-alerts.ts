/**
 * Dismissing the public alert banners (src/features/alerts/AlertBanner.astro). Each banner carries a key
 * made of its id and its last change, kept in this browser's storage once dismissed: that alert stays hidden
 * on every page and after a reload, while a new alert, or this one edited, shows again. Runs from the
 * header's script, before the banners' short appearance delay ends, so a dismissed alert does not flash.
 */
const STORAGE_KEY = 'council-dismissed-alerts';
/** Enough for any number of alerts a council runs at once; the oldest keys are forgotten first. */
const KEPT = 50;

function dismissedKeys(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function remember(key: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...dismissedKeys().filter((kept) => kept !== key), key].slice(-KEPT)));
  } catch {
    // Storage refused (private mode): the alert is hidden on this page only.
  }
}

export function setUpAlertBanners(): void {
  const dismissed = new Set(dismissedKeys());
  for (const banner of document.querySelectorAll<HTMLElement>('[data-alert-key]')) {
    const key = banner.dataset.alertKey ?? '';
    if (dismissed.has(key)) {
      banner.remove();
      continue;
    }
    const button = banner.querySelector<HTMLButtonElement>('[data-alert-dismiss]');
    if (!button) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      remember(key);
      banner.remove();
      // Focus would otherwise fall back to the top of the page; the content is where the visitor was going.
      document.getElementById('main')?.focus({ preventScroll: true });
    });
  }
}
