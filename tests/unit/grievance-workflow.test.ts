import { describe, expect, it } from 'vitest';
import {
  GRIEVANCE_STATES,
  isOverdue,
  LEGACY_STATUS,
  open311Status,
  parseComplaintNumber,
  parseMobile,
  refusalOf,
  transitionsFor,
  TRANSITIONS,
  type TransitionRequest,
} from '../../src/features/grievance/grievance-workflow';

const NOW = Date.parse('2026-11-23T06:00:00Z');
const DAY = 86_400_000;

function request(overrides: Partial<TransitionRequest>): TransitionRequest {
  return {
    transition: 'assign', party: 'user', state: 'Lodged', isAssignedOfficer: false, officerId: 7, photoCount: 0, note: '',
    rating: null, decidedAt: null, reopenWindowDays: 10, now: NOW, ...overrides,
  };
}

describe('the grievance workflow table', () => {
  it('allows each declared transition for its parties, from its states', () => {
    expect(refusalOf(request({}))).toBeNull();
    expect(refusalOf(request({ transition: 'resolve', party: 'officer', state: 'Assigned', isAssignedOfficer: true, photoCount: 1 }))).toBeNull();
    expect(refusalOf(request({ transition: 'reject', party: 'officer', state: 'Assigned', isAssignedOfficer: true, note: 'Private land' }))).toBeNull();
    expect(refusalOf(request({ transition: 'rate', party: 'citizen', state: 'Resolved', rating: 4 }))).toBeNull();
    expect(refusalOf(request({ transition: 'reopen', party: 'citizen', state: 'Resolved', note: 'Still broken', decidedAt: new Date(NOW - 3 * DAY).toISOString() }))).toBeNull();
    expect(refusalOf(request({ transition: 'auto-close', party: 'system', state: 'Resolved' }))).toBeNull();
  });

  it('refuses the wrong party with 403, an officer on a grievance not theirs too', () => {
    expect(refusalOf(request({ party: 'officer' }))?.status).toBe(403);
    expect(refusalOf(request({ transition: 'resolve', party: 'user', state: 'Assigned', photoCount: 1 }))?.status).toBe(403);
    expect(refusalOf(request({ transition: 'resolve', party: 'officer', state: 'Assigned', isAssignedOfficer: false, photoCount: 1 }))?.message).toMatch(/not assigned to you/);
    expect(refusalOf(request({ transition: 'reopen', party: 'admin', state: 'Resolved', note: 'x', decidedAt: new Date(NOW).toISOString() }))?.status).toBe(403);
  });

  it('refuses a transition from a state it does not leave with 409', () => {
    expect(refusalOf(request({ state: 'Closed' }))?.status).toBe(409);
    expect(refusalOf(request({ transition: 'rate', party: 'citizen', state: 'Assigned', rating: 5 }))?.status).toBe(409);
  });

  it('requires the proof photo, the reason, the rating, the officer', () => {
    expect(refusalOf(request({ transition: 'resolve', party: 'admin', state: 'Assigned', photoCount: 0 }))).toMatchObject({ status: 400, field: 'photos' });
    expect(refusalOf(request({ transition: 'reject', party: 'admin', state: 'Lodged', note: '  ' }))).toMatchObject({ status: 400, field: 'note' });
    expect(refusalOf(request({ transition: 'rate', party: 'citizen', state: 'Resolved', rating: 6 }))).toMatchObject({ status: 400, field: 'rating' });
    expect(refusalOf(request({ officerId: null }))).toMatchObject({ status: 400, field: 'officer' });
  });

  it('allows reopening only within the window after the decision', () => {
    const reopen = (daysAgo: number) => refusalOf(request({ transition: 'reopen', party: 'citizen', state: 'Rejected', note: 'Not fixed', decidedAt: new Date(NOW - daysAgo * DAY).toISOString() }));
    expect(reopen(10)).toBeNull();
    expect(reopen(10.01)?.status).toBe(409);
  });

  it('maps every state onto the old four statuses and onto Open311 open/closed', () => {
    for (const state of GRIEVANCE_STATES) expect(['Open', 'Pending', 'Resolved', 'Rejected']).toContain(LEGACY_STATUS[state]);
    expect(open311Status('Reopened')).toBe('open');
    expect(open311Status('Closed')).toBe('closed');
  });

  it('offers each party only what it may do', () => {
    expect(transitionsFor('officer', 'Assigned', true)).toEqual(['resolve', 'reject']);
    expect(transitionsFor('officer', 'Assigned', false)).toEqual([]);
    expect(transitionsFor('user', 'Lodged', false)).toEqual(['assign', 'merge']);
    expect(transitionsFor('user', 'Merged', false)).toEqual([]);
    expect(transitionsFor('citizen', 'Resolved', false)).toEqual(['rate', 'reopen']);
    expect(Object.keys(TRANSITIONS)).toHaveLength(7);
  });

  it('is overdue only while open and past the due date', () => {
    expect(isOverdue('Assigned', new Date(NOW - 1).toISOString(), NOW)).toBe(true);
    expect(isOverdue('Resolved', new Date(NOW - DAY).toISOString(), NOW)).toBe(false);
    expect(isOverdue('Lodged', new Date(NOW + 1).toISOString(), NOW)).toBe(false);
  });

  it('reads grievance numbers under any council prefix, and mobiles, as people type them', () => {
    expect(parseComplaintNumber(' npk-pgr-2026-11-23-000042 ')).toBe('NPK-PGR-2026-11-23-000042');
    expect(parseComplaintNumber('ABC2-PGR-2027-04-01-1000042')).toBe('ABC2-PGR-2027-04-01-1000042');
    expect(parseComplaintNumber('NPK-TL-2026-11-23-000042')).toBeNull();
    expect(parseComplaintNumber('42')).toBeNull();
    expect(parseMobile('+91 98765-43210')).toBe('9876543210');
    expect(parseMobile('12345')).toBeNull();
  });
});
