import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import type { AcceptedFile } from '../../server/content/uploads';
import { lodgeCase, type CaseActor } from '../cases/cases.server';
import { parseMobile, propertyFor, type PropertyRow } from '../property-tax/property-tax.server';
import { wardCode } from '../property-tax/ward-code';
import type { Lang } from '../cases/service';
import { connectionFee, isConnectionType, isPipeSize, type ConnectionFee, type ConnectionType, type PipeSize, type Tariff } from './tariff';
import { WATER } from './water.service';
import { waterWords } from './water-words';

/**
 * Applying for a water connection (the citizen's form, the counter clerk, the JSON call): the property must be
 * on the tax register with the applicant's mobile, the connection's type and pipe known, every document of
 * the checklist attached, and the fee the applicant was shown still the fee. Everything wrong is told at once.
 */
export async function readTariff(database: Db = db()): Promise<Tariff> {
  const row = await database.selectFrom('water_setting').select('tariff').where('id', '=', 1).executeTakeFirstOrThrow();
  return JSON.parse(row.tariff) as Tariff;
}

/** The fee and deposit for a type and pipe today: what the form shows, the JSON call answers and the bill charges. */
export async function waterFeeFor(type: ConnectionType, pipe: PipeSize, database: Db = db()): Promise<ConnectionFee> {
  return connectionFee(await readTariff(database), type, pipe);
}

/** The documents a connection of this type needs: identity and the tax receipt for all, then what the type adds. */
export function documentChecklist(type: string): string[] {
  return ['identity', 'tax-receipt', ...(type === 'commercial' ? ['trade-proof'] : type === 'institutional' ? ['institution-letter'] : [])];
}

/** The council's ward row for a property's ward code ('05' is ward 5), or null when the council lists none such. */
async function wardIdOf(property: PropertyRow, database: Db): Promise<number | null> {
  const wards = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
  return wards.find((w) => wardCode(w.ward_number) === property.ward)?.id ?? null;
}

export interface WaterApplicationInput {
  fields: Readonly<Record<string, string>>;
  documents: Readonly<Record<string, AcceptedFile | undefined>>;
  lang: Lang;
  source: 'web' | 'counter' | 'api';
  /** Files refused as they were read, by field (doc_<code>). */
  fileErrors?: Readonly<Record<string, string>>;
  fileStatus?: number;
  /** Finds the property by number and mobile; a stranger's look-up is counted against their address. */
  findProperty: (number: string, mobile: string) => Promise<PropertyRow | null>;
  /** Counts the sending against the abuse limits once every check has passed. */
  admit?: () => Promise<void>;
}

/** Lodges an application; answers its number and the fee it owes once approved. */
export async function applyForConnection(input: WaterApplicationInput, actor: CaseActor, database: Db = db()): Promise<{ number: string; feePaise: number }> {
  const f = input.fields;
  const words = waterWords('en').refusals;
  const errors: Record<string, string> = { ...input.fileErrors };
  const type = f.connectionType ?? '';
  const pipe = Number(f.pipeMm);
  if (!isConnectionType(type)) errors.connectionType = words.type;
  if (!isPipeSize(f.pipeMm ?? '')) errors.pipeMm = words.pipe;
  const billing = type === 'domestic' ? (f.billing === 'metered' ? 'metered' : 'flat') : 'metered';
  if (type !== 'domestic' && f.billing === 'flat') errors.billing = words.billing;
  const name = (f.name ?? '').trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 120) errors.name = words.name;
  const email = (f.email ?? '').trim();
  if (email && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200)) errors.email = 'Enter a valid email address, or leave it empty.';
  const mobile = parseMobile(f.mobile);
  if (!mobile) errors.mobile = words.mobile;
  const propertyNumber = (f.propertyNumber ?? '').trim().toUpperCase();
  // Only a well-formed number and mobile are looked up: a malformed one counts against nobody's budget.
  const property = mobile && propertyNumber ? await input.findProperty(propertyNumber, mobile) : null;
  if (!property) errors.propertyNumber = words.property;
  for (const code of documentChecklist(isConnectionType(type) ? type : 'domestic')) if (!input.documents[code] && !errors[`doc_${code}`]) errors[`doc_${code}`] = words.document;
  if (Object.keys(errors).length > 0 || !property || !mobile || !isConnectionType(type) || !isPipeSize(f.pipeMm ?? '')) {
    const onlyFiles = Object.keys(errors).every((field) => input.fileErrors?.[field] !== undefined);
    throw new HttpError(onlyFiles ? input.fileStatus ?? 400 : 400, Object.values(errors)[0] ?? words.property, errors);
  }
  const fee = await waterFeeFor(type, pipe as PipeSize, database);
  if (String(fee.totalPaise) !== String(f.feePaise ?? '').trim()) throw new HttpError(409, words.fee(fee.totalPaise), { feePaise: String(fee.totalPaise) });
  await input.admit?.();
  const codes = documentChecklist(type);
  return {
    feePaise: fee.totalPaise,
    ...(await lodgeCase(
      WATER,
      {
        wardId: await wardIdOf(property, database),
        contact: { name, mobile, email, address: property.address },
        data: {
          propertyNumber: property.number, connectionType: type, pipeMm: pipe, billing, premises: property.address,
          connectionFeePaise: fee.connectionFeePaise, depositPaise: fee.depositPaise, feePaise: fee.totalPaise, documentCodes: codes,
        },
        lang: input.lang,
        source: input.source,
      },
      { documents: codes.map((code) => input.documents[code]!) },
      actor,
      database,
    )),
  };
}

/** A member of staff's look-up: the number and mobile must match, but no stranger's budget is spent. */
export const staffPropertyLookup = (database: Db = db()) => (number: string, mobile: string) => propertyFor(number, mobile, database);
