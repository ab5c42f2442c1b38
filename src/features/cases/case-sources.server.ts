import { kernelSource, type CaseSource } from './case-source.server';
import { installedServices } from '../modules';
import { isNumberOf } from '../../lib/number-series';

let made: { services: readonly unknown[]; sources: readonly CaseSource[] } | null = null;

/** Every service the staff API and screens serve (the installed modules' services): each keeps its cases in the kernel's tables. */
export function caseSources(): readonly CaseSource[] {
  const services = installedServices();
  if (made?.services !== services) made = { services, sources: services.map(kernelSource) };
  return made.sources;
}

export function sourceNamed(name: string): CaseSource | undefined {
  return caseSources().find((source) => source.service.name === name);
}

/** The source a case number belongs to, by its series' code (under whichever council prefix it was given). */
export function sourceOfNumber(number: string): CaseSource | undefined {
  return caseSources().find((source) => isNumberOf(source.service.series, number));
}
