import { describe, expect, it } from 'vitest';
import { askedDay, dayFirstToIso, isoToDayFirst, unreadableDate } from '../../src/lib/day-first-date';
import { auditLabel, auditRecordName } from '../../src/server/audit-label';
import { DONE_LABELS } from '../../src/lib/lifecycle';
import { deleteQuestion, savedMessage } from '../../src/lib/content-type';
import { pressReleaseType } from '../../src/features/pressrelease/pressrelease.schema';
import { latestNewsType } from '../../src/features/latestnews/latestnews.schema';
import { TENDER_STATUSES } from '../../src/features/tender/tender.schema';
import { tenders as hindiTenders } from '../../src/i18n/messages/hi/tenders';

/** What the back office tells a clerk: what a step did, what a save became, which item a delete removes. */
describe('the back office says what happened, in words', () => {
  it('names the item a delete would remove, in plain words', () => {
    expect(deleteQuestion(pressReleaseType, 'Water cut on Monday')).toBe("Delete the press release 'Water cut on Monday'?");
    expect(deleteQuestion(latestNewsType, 'Tanker timings')).toBe("Delete the news item 'Tanker timings'?");
  });

  it('tells a draft saved from a record saved, naming the type as people say it, and a publication by its outcome', () => {
    expect(savedMessage(pressReleaseType, 'draft')).toBe('Draft saved: the press release is not on the site until an admin publishes it.');
    expect(savedMessage(pressReleaseType, 'sent_back')).toMatch(/^Draft saved/);
    expect(savedMessage(pressReleaseType, 'published')).toBe('Press release saved.');
    expect(savedMessage(latestNewsType, 'published')).toBe('News item saved.');
    expect(DONE_LABELS.publish).toBe('Published');
  });
});

describe('the audit log names records as people know them', () => {
  it('takes the case number, the title, or the staff member\'s name with their email', () => {
    expect(auditLabel(null, { number: 'NPK-TL-2026-11-26-000031', state: 'Applied' })).toBe('NPK-TL-2026-11-26-000031');
    expect(auditLabel({ id: 4, title: 'Old title' }, null)).toBe('Old title');
    expect(auditLabel({ id: 4, title: 'Old title' }, { id: 4, title: 'New title' })).toBe('New title');
    expect(auditLabel(null, { id: 9, tender_title: 'Road repair, Ward 4', tender_title_2: 'Drain' })).toBe('Road repair, Ward 4');
    expect(auditLabel(null, { id: 2, email: 'meera@council.example', name: 'Meera Joshi', role: 'editor' })).toBe('Meera Joshi (meera@council.example)');
    expect(auditLabel(null, { id: 2, email: 'meera@council.example', name: null })).toBe('meera@council.example');
    expect(auditLabel(null, { id: 3, sla_hours: 48 })).toBeNull();
    expect(auditLabel(null, { title: 'x'.repeat(200) })).toHaveLength(80);
  });

  it('names an old entry without a stored name from its snapshot, and falls back to the id only when nothing names it', () => {
    expect(auditRecordName({ entity: 'complaint', recordId: 32, label: null, before: { number: 'NPK-2026-000032' }, after: null })).toBe('complaint: NPK-2026-000032');
    expect(auditRecordName({ entity: 'notice', recordId: 5, label: 'Water cut', before: null, after: { title: 'Changed since' } })).toBe('notice: Water cut');
    expect(auditRecordName({ entity: 'category', recordId: 3, label: null, before: { sla_hours: 24 }, after: { sla_hours: 48 } })).toBe('category #3');
  });
});

describe('the tender form offers the statuses the public pages name', () => {
  it('has a Hindi name for every status it offers', () => {
    for (const status of TENDER_STATUSES) expect(hindiTenders.statusNames[status.toLowerCase()], status).toBeTruthy();
  });
});

describe('dates are typed day first and sent as YYYY-MM-DD', () => {
  it('reads dd/mm/yyyy, with one-digit days and months, and refuses days that do not exist', () => {
    expect(dayFirstToIso('31/01/2027')).toBe('2027-01-31');
    expect(dayFirstToIso(' 5/3/2026 ')).toBe('2026-03-05');
    expect(dayFirstToIso('29-02-2028')).toBe('2028-02-29');
    expect(dayFirstToIso('29/02/2027')).toBeNull();
    expect(dayFirstToIso('31/04/2027')).toBeNull();
    // A report's day filter takes what a clerk types and what links carry.
    expect(askedDay('05/03/2026')).toBe('2026-03-05');
    expect(askedDay('2026-03-05')).toBe('2026-03-05');
    expect(askedDay('2026-02-30')).toBeNull();
    expect(askedDay('03/05')).toBeNull();
    expect(dayFirstToIso('01/13/2027')).toBeNull();
    expect(dayFirstToIso('2027-01-31')).toBeNull();
    expect(isoToDayFirst('2027-01-31')).toBe('31/01/2027');
    expect(unreadableDate('2027-01-31')).toBe(false);
    expect(unreadableDate('')).toBe(false);
    expect(unreadableDate('31/02/2027')).toBe(true);
  });
});
