import { processSingleton } from '../singleton';
import type { Council } from '../council-context';
import { platformDb } from './platform';

/**
 * The councils this installation serves and their host names, as read from the platform database. Every
 * request asks which council its host belongs to, so the answer is kept in memory and read again when it is
 * older than REFRESH_MS (a change made through another process is seen within that time; one made through
 * this process at once), or when a host nobody claims arrives and the last read is older than MISS_REFRESH_MS
 * (a council just made elsewhere answers within a second; a stranger inventing hosts costs one read a second).
 */
export type CouncilRecord = Council;

/** Measured on the monotonic clock: how old a read is has nothing to do with the (movable) clock of the server. */
const REFRESH_MS = 5_000;
const MISS_REFRESH_MS = 1_000;

interface Registry {
  councils: CouncilRecord[];
  byHost: Map<string, CouncilRecord>;
  byId: Map<number, CouncilRecord>;
  readAt: number;
  reading: Promise<void> | null;
}

const registry = (): Registry => processSingleton('council-registry', () => ({ councils: [], byHost: new Map(), byId: new Map(), readAt: 0, reading: null }));

/** A host name as councils keep it: lower case, without a port or a final dot. Null for what is no host name. */
export function normaliseHost(raw: string | undefined | null): string | null {
  const text = (raw ?? '').trim().toLowerCase();
  const bracketed = /^(\[[0-9a-f:.]+\])(?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)\.?(?::\d{1,5})?$/.exec(text);
  return plain && plain[1].length <= 253 ? plain[1] : null;
}

async function read(): Promise<void> {
  const platform = platformDb();
  const [councils, hosts] = await Promise.all([
    platform.selectFrom('council').selectAll().orderBy('id').execute(),
    platform.selectFrom('council_host').selectAll().orderBy('host').execute(),
  ]);
  const records: CouncilRecord[] = councils.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameHindi: row.name_hindi,
    shortName: row.short_name,
    status: row.status,
    first: row.first === 1,
    hosts: hosts.filter((h) => h.council_id === row.id).map((h) => h.host),
  }));
  const state = registry();
  state.councils = records;
  state.byId = new Map(records.map((c) => [c.id, c]));
  state.byHost = new Map(records.flatMap((c) => c.hosts.map((host) => [host, c] as const)));
  state.readAt = performance.now();
}

/** Reads the councils again (shared by everyone asking at once); `maxAgeMs` 0 reads whatever the age. */
export async function refreshCouncils(maxAgeMs = 0): Promise<Registry> {
  const state = registry();
  if (state.readAt > 0 && performance.now() - state.readAt < maxAgeMs && maxAgeMs > 0) return state;
  state.reading ??= read().finally(() => (registry().reading = null));
  await state.reading;
  return state;
}

/** What is known, once read: older than REFRESH_MS, it is answered and read again behind the answer. */
function known(): Registry | undefined {
  const state = registry();
  if (state.readAt === 0) return undefined;
  if (performance.now() - state.readAt > REFRESH_MS) void refreshCouncils(REFRESH_MS).catch((err) => console.error('reading the councils failed:', err));
  return state;
}

async function current(): Promise<Registry> {
  return known() ?? refreshCouncils();
}

/** Every council, the first first. */
export async function listCouncils(): Promise<CouncilRecord[]> {
  return (await current()).councils;
}

export async function councilById(id: number): Promise<CouncilRecord | undefined> {
  return (await current()).byId.get(id);
}

/** The council made on the installation's first start. */
export async function firstCouncil(): Promise<CouncilRecord> {
  const first = (await current()).councils.find((c) => c.first);
  if (!first) throw new Error('The installation has no council yet: it is made on the first start.');
  return first;
}

/** The council that claims this host name, if any. */
export async function councilClaiming(host: string): Promise<CouncilRecord | undefined> {
  let state = await current();
  let found = state.byHost.get(host);
  if (!found && performance.now() - state.readAt > MISS_REFRESH_MS) {
    state = await refreshCouncils(MISS_REFRESH_MS);
    found = state.byHost.get(host);
  }
  return found;
}

/** Where a request's host leads (the Node entry asks before anything else). */
export type HostDestination = { kind: 'council'; council: CouncilRecord } | { kind: 'state' } | { kind: 'platform' };

/**
 * Without STATE_HOST the installation is one council that answers on every host. With it, the state's host
 * leads to the state's calls, each council answers on its own hosts, and a host no council claims gets the
 * platform's page, never some council's site, unless the installation has only the one council.
 */
export async function destinationOf(rawHost: string | undefined, stateHost: string | undefined): Promise<HostDestination> {
  await current();
  const answered = knownDestinationOf(rawHost, stateHost);
  if (answered) return answered;
  // Read, and still unanswered: an installation without its first council yet, or a host no council claims,
  // which a council made a moment ago through another process may claim.
  if (!stateHost) return { kind: 'council', council: await firstCouncil() };
  const host = normaliseHost(rawHost);
  const council = host === null ? undefined : await councilClaiming(host);
  if (council) return { kind: 'council', council };
  const councils = await listCouncils();
  return councils.length === 1 ? { kind: 'council', council: councils[0] } : { kind: 'platform' };
}

/**
 * Where a host leads, answered from memory without waiting when the councils have been read and the host is
 * the state's or a council's own; undefined when only destinationOf can say (nothing read yet, or a host no
 * council claims, which may call for a fresh read). The Node entry's cached answers ask this.
 */
export function knownDestinationOf(rawHost: string | undefined, stateHost: string | undefined): HostDestination | undefined {
  const state = known();
  if (!state) return undefined;
  if (!stateHost) {
    const first = state.councils.find((c) => c.first);
    return first && { kind: 'council', council: first };
  }
  const host = normaliseHost(rawHost);
  if (host !== null && host === stateHost) return { kind: 'state' };
  const council = host === null ? undefined : state.byHost.get(host);
  return council && { kind: 'council', council };
}

/**
 * The platform's copy of a council's names follows the council's own identity (kept in its database, changed
 * by its admin at Council Settings): the state console and the platform's page then show what the council is
 * called. Written only when they differ, so calling it on every start or save costs one read.
 */
export async function followCouncilNames(councilId: number, names: { en: string; hi: string; shortName: string }): Promise<void> {
  const kept = (await current()).byId.get(councilId);
  if (kept && kept.name === names.en && kept.nameHindi === names.hi && kept.shortName === names.shortName) return;
  await platformDb().updateTable('council').set({ name: names.en, name_hindi: names.hi, short_name: names.shortName }).where('id', '=', councilId).execute();
  await refreshCouncils();
}
