import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '../singleton';

/**
 * What an answer depends on, gathered while it is rendered: the tables its queries read and the moment it
 * stops being true. Kept in the render's async context rather than in Astro.locals, because the queries
 * that learn these things (a feature's list of tenders, a section deep in a page) never see Astro's locals,
 * and must not have to be handed them.
 */
export interface Dependencies {
  tables: Set<string>;
  /**
   * The tables read for what the page itself shows, leaving out those read only for the frame around it (the
   * news strip in every page's header): what the footer's "Last updated" is the newest change of.
   */
  contentTables: Set<string>;
  /** Milliseconds since the epoch; Infinity when nothing the answer shows changes with the clock. */
  expiresAt: number;
}

/** The same, for a write: the tables it changed, so that only the answers reading them are dropped. */
export interface WriteTrace {
  written: Set<string>;
}

// One per process: the Node entry and Astro's bundle each carry a copy of this module (see singleton.ts),
// and the query plugin of one must see the collector the other's middleware started.
const renders = processSingleton('render-dependencies', () => new AsyncLocalStorage<Dependencies>());
const writes = processSingleton('write-trace', () => new AsyncLocalStorage<WriteTrace>());
const frameReads = processSingleton('frame-reads', () => new AsyncLocalStorage<true>());

/** Runs `work` (a render) and answers its result with what it depended on. */
export async function collectDependencies<T>(work: () => Promise<T>): Promise<{ result: T; dependencies: Dependencies }> {
  const dependencies: Dependencies = { tables: new Set(), contentTables: new Set(), expiresAt: Number.POSITIVE_INFINITY };
  const result = await renders.run(dependencies, work);
  return { result, dependencies };
}

/** Runs `work` (a write) and answers its result with the tables it wrote. */
export async function traceWrites<T>(work: () => Promise<T>): Promise<{ result: T; written: Set<string> }> {
  const trace: WriteTrace = { written: new Set() };
  const result = await writes.run(trace, work);
  return { result, written: trace.written };
}

/** True while a render is being traced: only then does the query plugin look for the tables a query reads. */
export function tracingReads(): boolean {
  return renders.getStore() !== undefined;
}

/** True while a write is being traced: only then does the query plugin look for the table a query writes. */
export function tracingWrites(): boolean {
  return writes.getStore() !== undefined;
}

export function noteTablesRead(tables: Iterable<string>): void {
  const dependencies = renders.getStore();
  if (!dependencies) return;
  const forFrame = frameReads.getStore() === true;
  for (const table of tables) {
    dependencies.tables.add(table);
    if (!forFrame) dependencies.contentTables.add(table);
  }
}

/**
 * Runs `work`, a query for the frame every page shares (the header's news strip). What it reads still drops
 * the cached page when written, but is no part of the page's own content, so it does not date the page.
 */
export function readForFrame<T>(work: () => Promise<T>): Promise<T> {
  return frameReads.run(true, work);
}

export function noteTablesWritten(tables: Iterable<string>): void {
  const trace = writes.getStore();
  if (trace) for (const table of tables) trace.written.add(table);
}

/**
 * Says that what is being rendered stops being true at `moment` (a tender closing, midnight): the cached
 * copy is served until then at the latest. Any code may call it; outside a render it does nothing.
 * Scheduled publication and due dates lower it the same way.
 */
export function validUntil(moment: number): void {
  const dependencies = renders.getStore();
  if (dependencies && Number.isFinite(moment) && moment < dependencies.expiresAt) dependencies.expiresAt = moment;
}
