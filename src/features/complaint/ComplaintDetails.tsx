import { useEffect, useState } from 'react';
import Modal from '../../components/admin/Modal';
import { fetchComplaint, RequestFailed } from './complaint.client';
import { COMPLAINT_MESSAGES, statusBadgeClass } from './complaint.schema';
import { complaintDetailRows, IMAGE_SLOTS, imageSrc, type ComplaintWire } from './complaint.wire';

interface Props {
  /** The complaint to show; null keeps the modal shut. */
  complaintId: number | null;
  onClose: () => void;
}

/** The 'Complaint Details' modal of the desk, read afresh from GET /api/User/complaint/{id}. */
export default function ComplaintDetails({ complaintId, onClose }: Props) {
  const [complaint, setComplaint] = useState<ComplaintWire | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (complaintId === null) return;
    let current = true;
    setComplaint(null);
    setError(null);
    fetchComplaint(complaintId)
      .then((found) => current && setComplaint(found))
      .catch((err: unknown) => {
        console.error('complaint details failed:', err);
        if (current) setError(err instanceof RequestFailed && err.status !== 404 ? err.message : COMPLAINT_MESSAGES.notFound);
      });
    return () => {
      current = false;
    };
  }, [complaintId]);

  return (
    <Modal open={complaintId !== null} title="Complaint Details" onClose={onClose} wide>
      {!complaint && !error && <p className="muted">Loading complaint…</p>}
      {error && <p className="load-error" role="alert">{error}</p>}
      {complaint && <ComplaintFacts complaint={complaint} />}
    </Modal>
  );
}

function ComplaintFacts({ complaint }: { complaint: ComplaintWire }) {
  const pictures = IMAGE_SLOTS.flatMap((slot) => {
    const src = imageSrc(complaint[slot.key]);
    return src ? [{ ...slot, src }] : [];
  });
  return (
    <>
      <dl className="desk-facts">
        {complaintDetailRows(complaint).map((row) => (
          <div key={row.label} className="desk-fact">
            <dt>{row.label}</dt>
            <dd>{row.badge ? <span className={statusBadgeClass(complaint.status)}>{row.value}</span> : row.value}</dd>
          </div>
        ))}
        <div className="desk-fact">
          <dt>Reminders</dt>
          <dd>
            {complaint.reminders.length > 0 ? (
              <ol className="desk-reminders">
                {complaint.reminders.map((reminder, index) => <li key={index}>{reminder.message}</li>)}
              </ol>
            ) : (
              'No reminders.'
            )}
          </dd>
        </div>
      </dl>
      <h3 className="desk-subheading">Pictures</h3>
      {pictures.length === 0 ? (
        <p className="muted">No pictures were attached.</p>
      ) : (
        <div className="desk-pictures">
          {pictures.map((picture) => (
            <figure key={picture.key}>
              <img src={picture.src} alt={`${picture.label} of complaint ${complaint.id}: ${complaint.grievanceName}, ward ${complaint.ward}`} width={320} height={240} loading="lazy" />
              <figcaption>{picture.label}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </>
  );
}
