import { useRef, useState } from 'react';
import ConfirmDialog from '../../components/admin/ConfirmDialog';
import { DraftOffer, useEditForm } from '../../components/admin/edit-form';
import { showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';
import { indianLocalToMs, LEVEL_LABELS, type SiteAlert } from './alert.schema';
import AlertForm, { ALERT_DRAFT } from './AlertForm';

/**
 * The back office screen for alert banners: the list (with whether each shows now), Create New Alert, and
 * Edit and Delete on each row. The list comes rendered with the page and is fetched again after a change.
 */
type FormState = { alert: SiteAlert | null; draftValues?: Record<string, unknown> };

/** Whether an alert shows at `at`, as the public frame decides it. */
function windowState(alert: SiteAlert, at: number): string {
  if (at < indianLocalToMs(alert.startsAt)) return 'Scheduled';
  return at < indianLocalToMs(alert.endsAt) ? 'Showing now' : 'Ended';
}

const when = (local: string) => local.replace('T', ' ');

export default function AlertsAdmin({ initialAlerts, renderedAt }: { initialAlerts: SiteAlert[]; renderedAt: number }) {
  const [alerts, setAlerts] = useState(initialAlerts);
  const [clock, setClock] = useState(renderedAt);
  // The server's clock when the page was drawn, moved on by the time since: the browser's own clock may be wrong.
  const drawnAt = useRef(performance.now());
  const { form, setForm, formKey, createButton, ready, draft, open, close, restoreDraft, discardDraft } = useEditForm<FormState>(ALERT_DRAFT);
  const [deleting, setDeleting] = useState<SiteAlert | null>(null);
  const draftAlert = draft?.rowId != null ? alerts.find((candidate) => candidate.id === draft.rowId) ?? null : null;
  const reload = async () => {
    const res = await fetch('/api/Admin/alerts', { credentials: 'same-origin' }).catch(() => null);
    if (res?.status === 401) return signInAgain();
    if (res?.ok) {
      setAlerts((await res.json()) as SiteAlert[]);
      setClock(renderedAt + performance.now() - drawnAt.current);
    }
  };
  const remove = async (alert: SiteAlert) => {
    const res = await fetch(`/api/Admin/alerts/${alert.id}`, { method: 'DELETE', credentials: 'same-origin' }).catch(() => null);
    setDeleting(null);
    if (res?.status === 401) return signInAgain();
    if (res?.ok) showDialog('Deleted', 'Alert deleted successfully!', 'success');
    else showDialog('Error', 'The alert could not be deleted. Please try again.', 'error');
    if (form?.alert?.id === alert.id) setForm(null);
    await reload();
  };

  return (
    <div className="crud">
      <div className="crud-head">
        <h1>Alerts</h1>
        <button ref={createButton} type="button" className="btn btn-primary" disabled={!ready} onClick={() => open({ alert: null })}>Create New Alert</button>
      </div>
      <p>An alert shows above the header of every public page from its start to its end (Indian time). Visitors may dismiss it; an edited alert shows again.</p>
      {draft && !form && (
        <DraftOffer
          of={draftAlert ? `the alert "${draftAlert.textEn}"` : 'a new alert'}
          draft={draft}
          onRestore={() => restoreDraft((draftValues) => ({ alert: draftAlert, draftValues }))}
          onDiscard={discardDraft}
        />
      )}
      {form && <AlertForm key={formKey} alert={form.alert} draftValues={form.draftValues} onSaved={() => { close(); void reload(); }} onCancel={close} />}
      {alerts.length === 0 ? (
        <p className="empty">No alerts yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Alerts list">
          <table className="crud-table">
            <thead>
              <tr><th scope="col">Level</th><th scope="col">Text</th><th scope="col">Shows</th><th scope="col">Status</th><th scope="col" className="actions-head">Actions</th></tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.id}>
                  <td data-label="Level">{LEVEL_LABELS[alert.level]}</td>
                  <td data-label="Text" className="cell-text">{alert.textEn}{alert.textHi && <><br /><span lang="hi">{alert.textHi}</span></>}</td>
                  <td data-label="Shows"><span className="nowrap">{when(alert.startsAt)}</span> – <span className="nowrap">{when(alert.endsAt)}</span></td>
                  <td data-label="Status">{windowState(alert, clock)}</td>
                  <td className="actions" data-label="Actions">
                    <button type="button" className="btn btn-small" aria-label={`Edit alert ${alert.id}`} onClick={() => open({ alert })}>Edit</button>
                    <button type="button" className="btn btn-small btn-danger" aria-label={`Delete alert ${alert.id}`} onClick={() => setDeleting(alert)}>Delete</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={`Delete the alert '${deleting?.textEn ?? ''}'?`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>It stops showing at once.</p>
      </ConfirmDialog>
    </div>
  );
}
