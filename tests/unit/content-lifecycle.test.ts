import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_STATES, PUBLISHED_WITHOUT_ROW, TRANSITIONS, actionsFor, displayStatus, editorMayChange, isoToIstInputs, istInputsToIso,
  type LifecycleInfo,
} from '../../src/lib/lifecycle';
import { defaultValidUntil } from '../../src/lib/validity';
import { noticeType } from '../../src/features/notice/notice.schema';
import { latestNewsType } from '../../src/features/latestnews/latestnews.schema';
import { galleryType } from '../../src/features/gallery/gallery.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { parseMoment, readTransitionRequest } from '../../src/server/lifecycle/transitions';
import { HttpError } from '../../src/server/http';

/** The workflow as declared: who may take which step from where, and how moments are read. */
const info = (overrides: Partial<LifecycleInfo>): LifecycleInfo => ({ ...PUBLISHED_WITHOUT_ROW, ...overrides });

describe('the content workflow', () => {
  it('lets editors only send their drafts for review, and admins take every other step', () => {
    expect(actionsFor('editor', 'draft')).toEqual(['submit']);
    expect(actionsFor('editor', 'sent_back')).toEqual(['submit']);
    for (const state of ['in_review', 'published', 'archived'] as const) expect(actionsFor('editor', state)).toEqual([]);
    expect(actionsFor('admin', 'in_review')).toEqual(['publish', 'schedule', 'send_back']);
    // A published item is republished (its dates set afresh), never approved again.
    expect(actionsFor('admin', 'published')).toEqual(['republish', 'schedule', 'archive']);
    expect(actionsFor('admin', 'archived')).toEqual(['restore']);
    expect(actionsFor('user', 'draft')).toEqual([]);
    expect(actionsFor(undefined, 'draft')).toEqual([]);
    // Every transition leads to a declared state and is open to someone.
    for (const rule of Object.values(TRANSITIONS)) {
      expect(LIFECYCLE_STATES).toContain(rule.to);
      expect(rule.by.length).toBeGreaterThan(0);
    }
  });

  it('says scheduled, expired or withdrawn for a published record by the clock', () => {
    const at = Date.parse('2026-12-01T00:00:00Z');
    expect(displayStatus(info({ publishAt: '2026-12-02T00:00:00.000Z' }), at)).toBe('scheduled');
    expect(displayStatus(info({ unpublishAt: '2026-11-30T00:00:00.000Z' }), at)).toBe('withdrawn');
    expect(displayStatus(info({ validUntil: '2026-12-01T00:00:00.000Z' }), at)).toBe('expired');
    expect(displayStatus(info({}), at)).toBe('published');
    expect(displayStatus(info({ state: 'sent_back' }), at)).toBe('sent_back');
    expect(editorMayChange(info({ state: 'published', publishAt: '2099-01-01T00:00:00.000Z' }))).toBe(false);
    expect(editorMayChange(info({ state: 'sent_back' }))).toBe(true);
  });

  it('reads moments in Indian time, and writes them back the same', () => {
    expect(istInputsToIso('2026-12-01', '10:00')).toBe('2026-12-01T04:30:00.000Z');
    expect(isoToIstInputs('2026-12-01T04:30:00.000Z')).toEqual({ date: '2026-12-01', time: '10:00' });
    expect(istInputsToIso('', '10:00')).toBeNull();
    expect(parseMoment('2026-12-01T10:00')).toBe('2026-12-01T04:30:00.000Z');
    expect(parseMoment('2026-12-01T04:30:00Z')).toBe('2026-12-01T04:30:00.000Z');
    expect(parseMoment('')).toBeNull();
    for (const bad of ['tomorrow', '2026-13-45T10:00', '2026-02-31T10:00', 12, '01/12/2026']) expect(parseMoment(bad)).toBe('invalid');
  });

  it('refuses a transition body with an unknown action or a send back without comment', () => {
    expect(() => readTransitionRequest({ action: 'delete' })).toThrow(HttpError);
    expect(() => readTransitionRequest({ action: 'send_back', comment: ' ' })).toThrow(/comment is required/);
    expect(readTransitionRequest({ action: 'submit' })).toMatchObject({ action: 'submit', comment: '', publishAt: null });
  });

  it('gives each type its default validity', () => {
    const at = Date.parse('2026-01-01T00:00:00Z');
    expect(defaultValidUntil(noticeType, at)).toBe('2026-04-01T00:00:00.000Z');
    expect(defaultValidUntil(latestNewsType, at)).toBe('2026-01-31T00:00:00.000Z');
    expect(defaultValidUntil(galleryType, at)).toBeNull();
    expect(defaultValidUntil(tenderType, at)).toBeNull();
  });
});
