import { useCallback, useEffect, useId, useState } from 'react';
import AddComplaintForm from './AddComplaintForm';
import ComplaintDetails from './ComplaintDetails';
import { DESK_PAGE_SIZE, fetchComplaintPage } from './complaint.client';
import { COMPLAINT_MESSAGES, parseStatusFilter, STATUS_FILTERS, statusBadgeClass, type StatusFilter } from './complaint.schema';
import type { ComplaintWire } from './complaint.wire';
import './complaint-desk.css';

type ListState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; complaints: ComplaintWire[]; total: number };

/** The complaint desk (/inquiry): the filtered, paged list, a complaint's details, and the add form. */
export default function InquiryDesk() {
  const filterId = useId();
  const [status, setStatus] = useState<StatusFilter>('All');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let current = true;
    setList({ kind: 'loading' });
    fetchComplaintPage(status, page)
      .then(({ complaints, total }) => current && setList({ kind: 'loaded', complaints, total }))
      .catch((err: unknown) => {
        console.error('complaint list failed:', err);
        if (current) setList({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [status, page, reloads]);

  /** After a new complaint: every complaint again from the first page, where the newest one is. */
  const showAll = useCallback(() => {
    setAdding(false);
    setStatus('All');
    setPage(1);
    setReloads((n) => n + 1);
  }, []);

  const pages = list.kind === 'loaded' ? Math.max(1, Math.ceil(list.total / DESK_PAGE_SIZE)) : 1;

  return (
    <div className="complaint-desk">
      <div className="desk-toolbar">
        <div className="desk-filter">
          <label htmlFor={filterId}>Filter by status</label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(parseStatusFilter(event.currentTarget.value) ?? 'All');
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((filter) => <option key={filter} value={filter}>{filter}</option>)}
          </select>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>Add Complaint</button>
      </div>

      <div aria-live="polite" className="desk-status">
        {list.kind === 'loading' && <p className="loading">Loading complaints…</p>}
        {list.kind === 'loaded' && list.complaints.length === 0 && <p className="empty">{COMPLAINT_MESSAGES.publicEmpty}</p>}
      </div>
      {list.kind === 'failed' && <p className="load-error" role="alert">{COMPLAINT_MESSAGES.complaintsFailed}</p>}

      {list.kind === 'loaded' && list.complaints.length > 0 && (
        <div className="table-scroll" role="region" aria-label="Complaints" tabIndex={0}>
        <table className="crud-table desk-table">
          <caption className="visually-hidden">Complaints{status === 'All' ? '' : `: ${status}`}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Grievance</th>
              <th scope="col">Status</th>
              <th scope="col">Ward</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.complaints.map((complaint) => (
              <tr key={complaint.id}>
                <td data-label="ID">{complaint.id}</td>
                <td data-label="Grievance">{complaint.grivance}</td>
                <td data-label="Status"><span className={statusBadgeClass(complaint.status)}>{complaint.status || 'N/A'}</span></td>
                <td data-label="Ward">{complaint.ward}</td>
                <td data-label="Actions" className="actions">
                  <button type="button" className="btn btn-small" onClick={() => setDetailsId(complaint.id)} aria-label={`View more about complaint ${complaint.id}`}>
                    View More
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}

      {list.kind === 'loaded' && pages > 1 && (
        <nav className="desk-pagination" aria-label="Pages of complaints">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>&larr; Previous</button>
          <span aria-current="page">Page {page} of {pages}</span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next &rarr;</button>
        </nav>
      )}

      <ComplaintDetails complaintId={detailsId} onClose={() => setDetailsId(null)} />
      {adding && <AddComplaintForm onClose={() => setAdding(false)} onSubmitted={showAll} />}
    </div>
  );
}
