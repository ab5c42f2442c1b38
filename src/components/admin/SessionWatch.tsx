import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $sessionExpiresAt, logout, renewSession, serverSessionExpiry, SESSION_WARNING_MS, setSessionExpiry, signInAgain } from '../../stores/session';
import Modal from './Modal';

/**
 * Watches the session's expiry (docs/legacy-contract.md §1.4, §8). A minute before the end it warns, with "Stay
 * signed in" to start a fresh session, so a half-filled form is not lost; at the end it logs out to the sign-in page,
 * which brings the clerk back to this screen. The expiry comes from the server with the page; a renewal or a password
 * change updates the store and so these timers. The server's end is an idle limit that work in another tab moves
 * forward, so before warning or signing out the watch asks the server how long is left.
 */
export default function SessionWatch({ expiresAt }: { expiresAt: string }) {
  const current = useStore($sessionExpiresAt);
  const [warning, setWarning] = useState(false);
  const [renewFailed, setRenewFailed] = useState(false);

  useEffect(() => {
    setSessionExpiry(expiresAt);
  }, [expiresAt]);

  useEffect(() => {
    setWarning(false);
    if (current === null) return;
    let stale = false;
    const check = async () => {
      if (current - Date.now() > SESSION_WARNING_MS) return;
      const held = await serverSessionExpiry();
      if (stale) return;
      // Moved forward meanwhile (another tab, a request from this one): follow it, and these timers with it.
      if (typeof held === 'number' && held > current) return setSessionExpiry(held);
      const left = (held ?? current) - Date.now();
      if (held === null || left <= 0) void signInAgain();
      else setWarning(true);
    };
    const checkNow = () => void check();
    // Browsers slow timers in background tabs, so the expiry is also checked when the tab comes back.
    const warnTimer = window.setTimeout(checkNow, Math.max(0, current - SESSION_WARNING_MS - Date.now()));
    const endTimer = window.setTimeout(checkNow, Math.max(0, current - Date.now()) + 250);
    document.addEventListener('visibilitychange', checkNow);
    window.addEventListener('focus', checkNow);
    return () => {
      stale = true;
      window.clearTimeout(warnTimer);
      window.clearTimeout(endTimer);
      document.removeEventListener('visibilitychange', checkNow);
      window.removeEventListener('focus', checkNow);
    };
  }, [current]);

  const stay = async () => {
    setRenewFailed(false);
    if (!(await renewSession())) setRenewFailed(true);
  };

  return (
    <Modal
      open={warning}
      title="Your session is about to end"
      onClose={() => setWarning(false)}
      footer={
        <>
          <button type="button" className="btn btn-primary" onClick={() => void stay()}>Stay signed in</button>
          <button type="button" className="btn" onClick={() => void logout()}>Sign out now</button>
        </>
      }
    >
      <p className="dialog-message dialog-info">
        For safety, you will be signed out in less than a minute. Choose "Stay signed in" to keep working; what you
        have typed stays on the screen.
      </p>
      {renewFailed && <p className="field-error" role="alert">The session could not be renewed. Save a copy of your work and sign in again.</p>}
    </Modal>
  );
}
