import { kernelSource, type CaseSource } from './case-source.server';
import { SERVICES } from './registry';

/** Every service the staff API and screens serve: each keeps its cases in the kernel's tables. */
export const CASE_SOURCES: readonly CaseSource[] = SERVICES.map(kernelSource);

export function sourceNamed(name: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => source.service.name === name);
}

/** The source a case number belongs to, by its service's prefix. */
export function sourceOfNumber(number: string): CaseSource | undefined {
  return CASE_SOURCES.find((source) => number.startsWith(`${source.service.numberPrefix}-`));
}
