import { kernelSource, type CaseSource } from './case-source.server';
import { SERVICES } from './registry';

/** Every service the staff API and screens serve: each keeps its cases in the kernel's tables. */
const sources: CaseSource[] = SERVICES.map(kernelSource);
export const CASE_SOURCES: readonly CaseSource[] = sources;

/** A service added beyond the registry (a test's own): kept once, by its name. */
export function addCaseSource(source: CaseSource): void {
  if (!sources.some((s) => s.service.name === source.service.name || s.service.numberPrefix === source.service.numberPrefix)) sources.push(source);
}

export function sourceNamed(name: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => source.service.name === name);
}

/** The source a case number belongs to, by its service's prefix. */
export function sourceOfNumber(number: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => number.startsWith(`${source.service.numberPrefix}-`));
}
