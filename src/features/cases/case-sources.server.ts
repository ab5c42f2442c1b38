import { kernelSource, type CaseSource } from './case-source.server';
import { SERVICES } from './registry';
import { isNumberOf } from '../../lib/number-series';

/** Every service the staff API and screens serve: each keeps its cases in the kernel's tables. */
const sources: CaseSource[] = SERVICES.map(kernelSource);
export const CASE_SOURCES: readonly CaseSource[] = sources;

/** A service added beyond the registry (a test's own): kept once, by its name. */
export function addCaseSource(source: CaseSource): void {
  if (!sources.some((s) => s.service.name === source.service.name || s.service.series.code === source.service.series.code)) sources.push(source);
}

export function sourceNamed(name: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => source.service.name === name);
}

/** The source a case number belongs to, by its series' code (under whichever council prefix it was given). */
export function sourceOfNumber(number: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => isNumberOf(source.service.series, number));
}
