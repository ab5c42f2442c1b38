import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $sessionExpiresAt, EXPIRED_LOGIN_URL, logout, setSessionExpiry } from '../../stores/session';

/**
 * Logs out by itself when the session's expiry passes (SPEC.md §4, §9). The expiry comes from the server
 * with the page; a renewed session (a password change) updates the store and so this timer.
 */
export default function SessionWatch({ expiresAt }: { expiresAt: string }) {
  const current = useStore($sessionExpiresAt);

  useEffect(() => {
    setSessionExpiry(expiresAt);
  }, [expiresAt]);

  useEffect(() => {
    if (current === null) return;
    const check = () => {
      if (Date.now() >= current) void logout(EXPIRED_LOGIN_URL);
    };
    // Browsers slow timers in background tabs, so the expiry is also checked when the tab comes back.
    const timer = window.setTimeout(check, Math.max(0, current - Date.now()) + 250);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [current]);

  return null;
}
