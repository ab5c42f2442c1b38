import { db, type Db } from '../../server/db';

/**
 * The workflow's settings, kept in the database so that an admin changes them without a restart and every
 * instance reads the same values. A missing row means the default.
 */
export const SETTING_DEFAULTS = {
  /** Days after a resolution or rejection in which the citizen may reopen it. */
  reopenWindowDays: 10,
  /** Days after a resolution without a rating before the grievance closes by itself. */
  autoCloseDays: 7,
  /** Grievances one mobile number may lodge in 24 hours. */
  lodgesPerMobilePerDay: 5,
  /** Grievances one client address may lodge in an hour (a cyber café serves many people). */
  lodgesPerAddressPerHour: 20,
  /** Failed number + mobile look-ups one client address may make in an hour, so numbers cannot be guessed. */
  lookupFailuresPerAddressPerHour: 30,
  /** How near (metres) an open grievance of the same category must be to show as similar before lodging. */
  similarDistanceMetres: 100,
  /** "Me too"s one client address may add in an hour. */
  meTooPerAddressPerHour: 30,
} as const;

export type SettingName = keyof typeof SETTING_DEFAULTS;
export type GrievanceSettings = Record<SettingName, number>;

export const SETTING_LABELS: Record<SettingName, string> = {
  reopenWindowDays: 'Reopen window (days after the decision)',
  autoCloseDays: 'Close resolved grievances automatically after (days)',
  lodgesPerMobilePerDay: 'Grievances per mobile number per 24 hours',
  lodgesPerAddressPerHour: 'Grievances per client address per hour',
  lookupFailuresPerAddressPerHour: 'Failed tracking look-ups per client address per hour',
  similarDistanceMetres: 'Similar reports shown within (metres)',
  meTooPerAddressPerHour: '"Me too" per client address per hour',
};

export async function readSettings(database: Db = db()): Promise<GrievanceSettings> {
  const rows = await database.selectFrom('grievance_setting').select(['name', 'value']).execute();
  const settings: GrievanceSettings = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if (row.name in SETTING_DEFAULTS && /^\d{1,6}$/.test(row.value)) settings[row.name as SettingName] = Number(row.value);
  }
  return settings;
}

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_DEFAULTS, name);
}

/** Stores one setting (already validated as a whole number); the caller audits it. */
export async function writeSetting(name: SettingName, value: number, database: Db): Promise<void> {
  await database
    .insertInto('grievance_setting')
    .values({ name, value: String(value) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(value) }))
    .execute();
}
