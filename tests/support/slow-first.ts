import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files known to take longest go first, so that the last minute of a pass is not one long file running
 * alone while the other workers have nothing left to do. Vitest orders by the durations it kept from the last
 * run, but a fresh clone has none and would start them in any order. Listed longest first, as measured on two
 * cores; the rest keep vitest's own order.
 */
const LONGEST_FIRST = [
  'tests/api/limits.test.ts',
  'tests/api/access-matrix.test.ts',
  'tests/api/backup.test.ts',
  'tests/api/server-processes.test.ts',
  'tests/api/cli.test.ts',
  'tests/api/html-validity.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/bootstrap.test.ts',
  'tests/api/ward-alerts.test.ts',
  'tests/api/staff-dashboard.test.ts',
  'tests/api/grievances.test.ts',
  'tests/api/jobs.test.ts',
  'tests/api/crash-safety.test.ts',
  'tests/api/citizen.test.ts',
  'tests/api/similar-grievances.test.ts',
  'tests/api/outbox.test.ts',
  'tests/api/case-desk.test.ts',
  'tests/api/notices.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return at === -1 ? LONGEST_FIRST.length : at;
};

export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // A stable sort: among the files not listed, vitest's order stands.
    return ordered.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec);
  }
}
