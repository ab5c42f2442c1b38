import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { textMatchWhere } from '../../server/lifecycle/text-match';
import { csvText } from '../payments/csv';
import { licenceStatus, type LicenceStatus } from './licence.server';
import { indianDate } from '../../lib/india-time';

/**
 * The licence register's public part: every licence issued, with the trade's name, ward, category, trade,
 * validity and whether it is valid, expired or cancelled. Read from `trade_licence` (which holds no owner)
 * joined to the trade types; nothing personal is selected, so nothing personal can leak into the page, the
 * JSON or the CSV, which all come from here.
 */
export interface RegisterEntry {
  licenceNumber: string;
  tradeName: string;
  ward: string;
  category: string;
  tradeType: { en: string; hi: string };
  validFrom: string;
  validUntil: string;
  status: LicenceStatus;
}

export interface RegisterFilter {
  /** Words of the trade's name, each to be found in either letter case. */
  q?: string;
  /** A ward number, as the ward table writes it. */
  ward?: string;
}

function filtered(database: Db, filter: RegisterFilter) {
  let query = database
    .selectFrom('trade_licence')
    .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
    .leftJoin('trade_type', 'trade_type.code', 'trade_licence.trade_type');
  if (filter.q) query = query.where(textMatchWhere(['trade_licence.trade_name'], filter.q));
  if (filter.ward) query = query.where('trade_licence.ward', '=', filter.ward);
  return query;
}

/** One page of the register (newest licence first) and how many licences match. */
export async function licenceRegister(
  filter: RegisterFilter,
  paging: { limit: number; offset: number } | null,
  database: Db = db(),
  at = now(),
): Promise<{ total: number; entries: RegisterEntry[] }> {
  const count = await filtered(database, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = filtered(database, filter)
    .select([
      'trade_licence.number', 'trade_licence.trade_name', 'trade_licence.ward', 'trade_licence.trade_type', 'trade_licence.valid_from',
      'trade_licence.valid_until', 'trade_licence.cancelled_at', 'service_case.state', 'trade_type.category', 'trade_type.name_en', 'trade_type.name_hi',
    ])
    .orderBy('trade_licence.issued_at', 'desc')
    .orderBy('trade_licence.id', 'desc');
  if (paging) rows = rows.limit(paging.limit).offset(paging.offset);
  const today = indianDate(at);
  return {
    total: Number(count.n),
    entries: (await rows.execute()).map((r) => ({
      licenceNumber: r.number,
      tradeName: r.trade_name,
      ward: r.ward,
      category: r.category ?? '',
      tradeType: { en: r.name_en ?? r.trade_type, hi: r.name_hi ?? r.trade_type },
      validFrom: r.valid_from,
      validUntil: r.valid_until,
      status: licenceStatus(r, today),
    })),
  };
}

/** The open data's limit on one answer: the whole register of a small town, and a bound on the work a request makes. */
export const OPEN_DATA_MAX_ROWS = 5000;

const CSV_HEADER = ['licence_number', 'trade_name', 'ward', 'category', 'trade_type', 'valid_from', 'valid_until', 'status'] as const;

/** The register as CSV: one licence a line, the trade type in English; cells quoted and formula-guarded by csvText. */
export function registerCsv(entries: readonly RegisterEntry[]): string {
  return csvText(CSV_HEADER, entries.map((e) => [e.licenceNumber, e.tradeName, e.ward, e.category, e.tradeType.en, e.validFrom, e.validUntil, e.status]));
}

/** Reads the register's filter from a query string, bounded: a trade name of at most 100 characters, a ward number. */
export function registerFilterOf(params: URLSearchParams): RegisterFilter {
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
  const ward = (params.get('ward') ?? '').trim();
  return { q: q || undefined, ward: /^[0-9A-Za-z-]{1,10}$/.test(ward) ? ward : undefined };
}
