import { object } from 'yup';
import { describe, expect, it } from 'vitest';
import { defineService } from '../../src/features/cases/service';
import { checkedServices } from '../../src/features/cases/registry';
import { GRIEVANCE } from '../../src/features/grievance/grievance.service';

/** A declaration is checked when it is made, and the grievance's is complete in both languages. */
const minimal = {
  name: 'x', title: { en: 'X', hi: 'एक्स' }, noun: 'case', series: { name: 'x', code: 'XX', shows: 'day' as const }, initial: 'Open' as const,
  states: { Open: { en: 'Open', hi: 'खुला', open: true as const }, Done: { en: 'Done', hi: 'पूरा' } },
  lodgedBy: ['citizen' as const], data: object({}), publicView: () => ({}),
  catalogue: () => ({ subject: (n: string) => n, done: (n: string) => n }),
};

describe('a service declaration', () => {
  it('refuses a transition to or from a state it does not declare, and a message its catalogue lacks', () => {
    expect(() => defineService({ ...minimal, transitions: { finish: { label: 'Finish', hi: 'पूरा करें', from: ['Open'], to: 'Gone' as 'Done', by: ['admin'] } } })).toThrow(/unknown state Gone/);
    expect(() => defineService({ ...minimal, transitions: { finish: { label: 'Finish', hi: 'पूरा करें', from: ['Open'], to: 'Done', by: ['admin'], message: 'missing' } } })).toThrow(/no message missing/);
    const fine = defineService({ ...minimal, transitions: { finish: { label: 'Finish', hi: 'पूरा करें', from: ['Open'], to: 'Done', by: ['admin'], message: 'done' } } });
    expect(fine.openStates).toEqual(['Open']);
    expect(() => checkedServices([fine, { ...fine, name: 'y' }])).toThrow('Two number series share the name x.');
    expect(() => checkedServices([fine, { ...fine, name: 'y', series: { ...fine.series, name: 'y' } }])).toThrow('Two number series share the code XX.');
  });

  it('declares grievances completely: every state and step worded in Hindi, every message in both catalogues', () => {
    for (const state of GRIEVANCE.stateNames) expect(GRIEVANCE.states[state].hi).toMatch(/[\u0900-\u097F]/);
    for (const rule of Object.values(GRIEVANCE.transitions)) {
      expect(rule.hi).toMatch(/[\u0900-\u097F]/);
      if (rule.message) for (const lang of ['en', 'hi'] as const) expect(typeof GRIEVANCE.catalogue(lang)[rule.message]).toBe('function');
    }
    expect(GRIEVANCE.openStates).toEqual(['Lodged', 'Assigned', 'Reopened']);
  });
});
