import type { Generated, Selectable } from 'kysely';

/**
 * Every table's shape, written once, as data: the Kysely `Database` type is derived from it, the content
 * types' storage declarations are checked against it by the compiler, and a test checks it against what the
 * migrations build (tests/unit/storage-shapes.test.ts). Migrations stay frozen history; this is the present.
 *
 * Dates are ISO text ('YYYY-MM-DD' for calendar dates, full ISO instants for timestamps); booleans are 0/1.
 */
export type Affinity = 'integer' | 'text' | 'blob';

export interface ColumnShape<T> {
  affinity: Affinity;
  nullable: boolean;
  /** Only in the type: what Kysely reads and writes for this column. */
  readonly value?: T;
}

const id = (): ColumnShape<Generated<number>> => ({ affinity: 'integer', nullable: false });
const text = <T extends string = string>(): ColumnShape<T> => ({ affinity: 'text', nullable: false });
const textOrNull = (): ColumnShape<string | null> => ({ affinity: 'text', nullable: true });
/** Text the database fills with '' when an insert leaves it out. */
const textOrEmpty = (): ColumnShape<Generated<string>> => ({ affinity: 'text', nullable: false });
const integer = (): ColumnShape<number> => ({ affinity: 'integer', nullable: false });
const integerOrNull = (): ColumnShape<number | null> => ({ affinity: 'integer', nullable: true });
/** A stored file: the media row's id, or null. */
const mediaId = integerOrNull;
const bytes = (): ColumnShape<Uint8Array> => ({ affinity: 'blob', nullable: false });
/** A whole number the database fills with its default when an insert leaves it out. */
const integerWithDefault = (): ColumnShape<Generated<number>> => ({ affinity: 'integer', nullable: false });

import type { Role } from '../lib/roles';

export type { Role };

/** Notices, circulars and office orders share one shape; the last two add a department. */
const documentColumns = {
  id: id(),
  title: text(),
  description: text(),
  issue_date: textOrNull(),
  file_media_id: mediaId(),
  created_date: text(),
};

export const TABLES = {
  media: {
    id: id(),
    sha256: text(),
    content_type: text(),
    size: integer(),
    bytes: bytes(),
    /** Pixel size, for images only. */
    width: integerOrNull(),
    height: integerOrNull(),
    created_at: text(),
    /** 1: a private file (src/server/media.ts), addressed by a key that is not its SHA-256 and served only to those who may see it. */
    private: integerWithDefault(),
  },
  media_variant: { media_id: integer(), width: integer(), content_type: text(), bytes: bytes(), created_at: text() },
  /**
   * disabled_at: when an admin disabled the account (it signs in no more); must_change_password: 1 while it has
   * a one-time password from an admin (new, or reset); password_chosen_at: when its owner last chose their own
   * password, null for a new account that never has; last_signed_in_at: its last sign-in, null before the first.
   */
  app_user: { id: id(), email: text(), password_hash: text(), role: text<Role>(), created_at: text(), disabled_at: textOrNull(), must_change_password: integerWithDefault(), name: textOrNull(), password_chosen_at: textOrNull(), last_signed_in_at: textOrNull() },
  /** id: hex SHA-256 of the secret token; the token itself is never stored. */
  user_session: { id: text(), user_id: integer(), expires_at: text(), absolute_expires_at: textOrNull() },
  /** A sign-in code sent to a citizen's mobile: only its keyed hash is kept (src/features/citizen/citizen-code.server.ts). */
  citizen_code: {
    id: id(),
    mobile: text(),
    client_address: text(),
    code_hash: text(),
    created_at: text(),
    expires_at: text(),
    tries: integerWithDefault(),
    used_at: textOrNull(),
  },
  /** A signed-in citizen, apart from staff sessions. id: hex SHA-256 of the secret token, never the token. */
  citizen_session: { id: text(), mobile: text(), created_at: text(), expires_at: text() },
  slider: {
    id: id(),
    photo_media_id: mediaId(),
    /** Shown with the picture; '' when the slide has none. */
    caption: textOrEmpty(),
    /** The picture's alt text. */
    picture_description: textOrEmpty(),
    created_date: text(),
  },
  about: { id: id(), name: text(), description: text(), photo_media_id: mediaId(), created_date: text() },
  employee: {
    id: id(),
    serial_no: integerOrNull(),
    name: text(),
    designation: text(),
    email_addres: text(),
    status: text(),
    post_remarks: text(),
    from_date: textOrNull(),
    to_date: textOrNull(),
    land_line_number: text(),
    mobile_number: text(),
    show_home_page: integer(),
    photo_media_id: mediaId(),
    created_date: text(),
  },
  tender: {
    id: id(),
    tender_no: text(),
    tender_title: text(),
    tender_discreption: text(),
    publish_date: text(),
    last_date_of_submission: text(),
    last_date_of_submission_time: text(),
    status: text(),
    tender_title_2: text(),
    tender_title_3: text(),
    tender_title_4: text(),
    tender_title_5: text(),
    document_1_media_id: mediaId(),
    document_2_media_id: mediaId(),
    document_3_media_id: mediaId(),
    document_4_media_id: mediaId(),
    document_5_media_id: mediaId(),
    created_date: text(),
  },
  notice: documentColumns,
  circular: { ...documentColumns, department: text() },
  office_order: { ...documentColumns, department: text() },
  latest_news: { id: id(), title: text(), description: text(), created_date: text() },
  gallery: { id: id(), title: text(), description: text(), photo_media_id: mediaId(), created_date: text() },
  /** A video: an uploaded file (video_media_id) or a YouTube watch address, and our own poster (src/features/videogallery). */
  video_gallery: { id: id(), title: text(), description: text(), youtube_url: text(), video_media_id: mediaId(), poster_media_id: mediaId(), created_date: text() },
  press_release: {
    id: id(),
    title: text(),
    description: text(),
    release_news_paper_name: text(),
    releases_page_no: text(),
    release_date: textOrNull(),
    photo_media_id: mediaId(),
    created_date: text(),
  },
  /**
   * sla_hours: how long the council gives itself to resolve a grievance of this category. name_hi: the
   * category's name on Hindi pages, set by an admin (null: the catalogue's name, or the English title).
   */
  grievance_type: { id: id(), grievance_title: text(), sla_hours: integerWithDefault(), name_hi: textOrNull() },
  /**
   * The Hindi name an admin gave a word staff type in English (a department, a tender document's name, a
   * tender status, a ward), by kind and the English word in lower case (src/features/hindi-names).
   */
  hindi_name: { kind: text(), english_key: text(), name_hi: text() },
  district: { id: id(), district_name_english: text() },
  /** localities_en, localities_hi: the ward's localities, comma-separated, as ward pickers show them beside its number. */
  ward: { id: id(), ward_number: text(), localities_en: textOrEmpty(), localities_hi: textOrEmpty() },
  /** A ward's boundary: its polygons as JSON, [longitude, latitude] rings (src/features/wards). */
  ward_boundary: { ward_id: integer(), polygons: text(), updated_at: text() },
  /**
   * Alerts for a ward (src/features/ward-alerts): an email or a signed-in citizen's mobile, the ward, which
   * grievance events (new, resolved, both) and how often (immediate, daily). Email waits for its link
   * (confirmed_at null, confirm_nonce the pending link's secret); only confirmed rows are written to.
   */
  ward_alert_subscription: {
    id: id(), channel: text<'email' | 'sms'>(), recipient: text(), ward_id: integer(), events: text<'new' | 'resolved' | 'both'>(),
    frequency: text<'immediate' | 'daily'>(), lang: text<'en' | 'hi'>(), confirmed_at: textOrNull(), confirm_nonce: textOrNull(), created_at: text(), updated_at: text(),
    /** Settings asked on the form for a confirmed subscription, as JSON, applied once its link is followed. */
    pending_change: textOrNull(),
  },
  ulb: { id: id(), ulb_name: text() },
  /** A citizen's reminder about a grievance: complaint_id is the case's id (the legacy calls answer it). */
  complaint_reminder: { id: id(), complaint_id: integer(), message: text(), created_date: text() },
  /**
   * Every write through the back office. action: 'create', 'update', 'delete' or 'change-password'; entity:
   * the content type's API path (notice, tender, …), 'complaint' or 'account'; before/after: the record as
   * JSON (null where there is none), files as their SHA-256.
   */
  audit_log: {
    id: id(),
    at: text(),
    user_id: integerOrNull(),
    user_email: text(),
    action: text(),
    entity: text(),
    record_id: integerOrNull(),
    before_json: textOrNull(),
    after_json: textOrNull(),
    /** What people call the record (its title, case number, a staff member's name); null in older entries. */
    label: textOrNull(),
  },
  /** Failed sign-ins; email lower-cased as typed, known account or not. */
  login_attempt: { id: id(), email: text(), address: text(), at: text() },
  /** A visitor's message from the public feedback form; address_hash is the SHA-256 of the sender's address. */
  feedback: { id: id(), at: text(), name: text(), email: text(), subject: text(), message: text(), address_hash: text() },
  grievance_setting: { name: text(), value: text() },
  /** A public form's one-time token (its SHA-256) and what sending it stored; result null while in hand. */
  form_submission: { scope: text(), token_hash: text(), result: textOrNull(), at: text() },
  /** A refused public form's files, kept a while under a key only its answer holds (src/server/kept-files.ts). */
  kept_form_file: {
    id: id(), key_hash: text(), scope: text(), sender: text(), part: text(), position: integer(), content_type: text(), size: integer(), bytes: bytes(), expires_at: text(),
  },
  /** Lodging attempts by mobile number and by address, for the abuse limits. */
  grievance_attempt: { id: id(), kind: text(), key: text(), at: text() },
  /** One row per limit's kind and key, taken before its attempts are counted, so that two attempts at once take turns. */
  attempt_gate: { kind: text(), key: text(), at: text() },
  /** The last serial given in each number series and financial year (src/server/numbering.ts). */
  number_counter: { series: text(), year: text(), last: integer() },
  /** A mobile number or email address the demo seed invented: the outbox never sends to it (outbox/demo.ts). */
  demo_recipient: { recipient: text() },
  notification_log: {
    id: id(),
    at: text(),
    complaint_id: integerOrNull(),
    channel: text(),
    recipient: text(),
    subject: text(),
    body: text(),
    outcome: text(),
    error: textOrEmpty(),
  },
  /**
   * A message on its way out (src/server/outbox): queued in the transaction of the event that causes it,
   * delivered by the worker. status 'waiting', 'sent' or 'failed'; channel 'email', 'sms' or 'log'.
   */
  outbox_message: {
    id: id(),
    created_at: text(),
    channel: text<'email' | 'sms' | 'log'>(),
    recipient: text(),
    lang: text<'en' | 'hi'>(),
    subject: text(),
    body: text(),
    reference: textOrEmpty(),
    status: text<'waiting' | 'sent' | 'failed'>(),
    attempts: integerWithDefault(),
    next_attempt_at: text(),
    claimed_until: textOrNull(),
    sent_at: textOrNull(),
    last_error: textOrEmpty(),
    /** An email's List-Unsubscribe address (RFC 8058), for messages a person may stop with one click. */
    list_unsubscribe: textOrNull(),
  },
  /** Each try at delivering a message: outcome 'sent' or 'failed', with the gateway's answer or the error. */
  outbox_attempt: { id: id(), message_id: integer(), at: text(), outcome: text<'sent' | 'failed'>(), answer: textOrEmpty() },
  /**
   * Every message sent at most once, by its key (src/server/outbox/sent-once.ts): an overdue notice per case and
   * due time, a ward's digest per subscription and day (detail: how many events it told of), a renewal reminder.
   */
  sent_once: { key: text(), sent_at: text(), detail: textOrEmpty() },
  /** When each job last ran on the in-process runner (SQLite), so one missed while the server was down runs on start. */
  job_run: { name: text(), last_run_at: text(), last_finished_at: textOrNull(), last_error: textOrEmpty() },
  /**
   * Where a content record stands in its life (src/features/lifecycle): keyed by the type's API path and the
   * record's id; a record without a row is published and valid without end. Moments are UTC ISO instants.
   */
  content_state: {
    content_type: text(),
    record_id: integer(),
    state: text(),
    publish_at: textOrNull(),
    unpublish_at: textOrNull(),
    valid_until: textOrNull(),
    review_at: textOrNull(),
    comment: textOrEmpty(),
    author_id: integerOrNull(),
    updated_by: textOrEmpty(),
    updated_at: text(),
  },
  /**
   * One saved state of a content record (src/features/revisions): values_json holds the values by the type's
   * field keys, files_json each slot's file (media id, SHA-256, name, size, type) or null; restored_from is
   * the revision a restore brought back. user_email 'unknown' marks the state kept from before revisions.
   */
  content_revision: {
    id: id(),
    type_path: text(),
    record_id: integer(),
    revision: integer(),
    values_json: text(),
    files_json: text(),
    user_id: integerOrNull(),
    user_email: text(),
    at: text(),
    restored_from: integerOrNull(),
  },
  /**
   * The one row (id 1) naming and describing the council this database belongs to (src/server/council/identity.ts):
   * address_en, address_hi, links and social are JSON.
   */
  council_identity: {
    id: integer(),
    name_en: text(),
    name_hi: text(),
    short_name: text(),
    tagline_en: textOrEmpty(),
    tagline_hi: textOrEmpty(),
    address_en: text(),
    address_hi: text(),
    email: textOrEmpty(),
    phone: textOrEmpty(),
    toll_free: textOrEmpty(),
    hours_en: textOrEmpty(),
    hours_hi: textOrEmpty(),
    links: text(),
    social: text(),
    colour: text(),
    logo_media_id: mediaId(),
    updated_at: text(),
  },
  /** The SHA-256 of the one-time setup address of a council not yet set up (src/server/council/setup.ts). */
  council_setup: { token_sha256: text(), created_at: text() },
  /** An alert banner above the public pages (src/features/alerts); level 'info', 'warning' or 'danger'. */
  site_alert: {
    id: id(),
    level: text(),
    text_en: text(),
    text_hi: textOrEmpty(),
    link: textOrEmpty(),
    starts_at: text(),
    ends_at: text(),
    updated_at: text(),
  },
  /**
   * The text of a translatable field in another language than English (Hindi), for any content type.
   * source_hash: SHA-256 of the English text it was translated from, to tell when the English moved on.
   */
  content_translation: {
    id: id(),
    type_path: text(),
    record_id: integer(),
    field_key: text(),
    lang: text(),
    text: text(),
    source_hash: text(),
    updated_at: text(),
    updated_by: text(),
  },
  /**
   * What the site search looks in: one row per record and language. Each engine indexes it its own way
   * (see SEARCH_ENGINE_PARTS); nothing but the search module reads those parts.
   */
  search_entry: { id: id(), type_path: text(), record_id: integer(), lang: text(), title: text(), body: text() },
  /**
   * A case of any citizen service (src/features/cases). data: the service's own fields as JSON; the citizen's
   * contact is in case_contact, apart from everything the public may see.
   */
  service_case: {
    id: id(),
    service: text(),
    number: text(),
    state: text(),
    ward_id: integerOrNull(),
    category_id: integerOrNull(),
    assignee_id: integerOrNull(),
    due_at: textOrNull(),
    lodged_at: text(),
    state_since: text(),
    updated_at: text(),
    lang: text<'en' | 'hi'>(),
    source: text(),
    data: text(),
  },
  case_contact: { case_id: integer(), name: text(), mobile: text(), email: text(), address: text() },
  /** One step of a case: visibility 'public' (the citizen reads the note) or 'staff'; data: what else it carried, as JSON. */
  case_event: {
    id: id(),
    case_id: integer(),
    at: text(),
    actor_kind: text(),
    actor_user_id: integerOrNull(),
    actor_label: text(),
    action: text(),
    from_state: textOrNull(),
    to_state: text(),
    note: text(),
    visibility: text<'public' | 'staff'>(),
    data: text(),
  },
  /** kind 'photo' or 'document'. */
  case_event_media: { event_id: integer(), position: integer(), media_id: integer(), kind: text<'photo' | 'document'>() },
  /** Who follows a case they did not lodge ("me too", or a merged duplicate's people): never public (src/features/cases/case-supporters.server.ts). */
  case_supporter: {
    id: id(), case_id: integer(), mobile: text(), email: text(), lang: text<'en' | 'hi'>(), via: text<'me-too' | 'merge'>(), merged_from: text(), at: text(),
    /** Each contact hears of the case once its holder confirmed it; the nonce signs its pending link. */
    mobile_confirmed_at: textOrNull(), email_confirmed_at: textOrNull(), mobile_nonce: textOrNull(), email_nonce: textOrNull(),
  },
  /** A step sent on the case page after the officer's session ended, kept for them until it expires (src/features/cases/case-drafts.server.ts). */
  case_draft: {
    id: id(), user_id: integer(), case_number: text(), action: text(), note: text(), visibility: text(), fields: text(), photo_ids: text(),
    document_ids: text(), created_at: text(), expires_at: text(),
  },
  /** A bill for a payable thing, named by (kind, reference); state 'open', 'paid' or 'cancelled' (src/features/payments). */
  payment_bill: {
    id: id(),
    kind: text(),
    reference: text(),
    description: text(),
    amount_paise: integer(),
    payer_name: textOrEmpty(),
    payer_mobile: textOrEmpty(),
    payer_email: textOrEmpty(),
    lang: text<'en' | 'hi'>(),
    state: text<'open' | 'paid' | 'cancelled'>(),
    open_key: textOrNull(),
    details_json: text(),
    created_at: text(),
    valid_until: text(),
  },
  /** One try at paying a bill through a gateway; live_bill_id is set while it is live (created or pending). */
  payment_transaction: {
    id: id(),
    public_id: text(),
    bill_id: integer(),
    gateway: text(),
    amount_paise: integer(),
    state: text<'created' | 'pending' | 'success' | 'failed' | 'mismatch' | 'refund-due' | 'refunded'>(),
    live_bill_id: integerOrNull(),
    gateway_order_id: textOrEmpty(),
    gateway_payment_id: textOrEmpty(),
    lang: text<'en' | 'hi'>(),
    next_json: textOrEmpty(),
    created_at: text(),
    updated_at: text(),
    checked_at: textOrNull(),
    note: textOrEmpty(),
    /** What the gateway said was captured (0 until it says paid): what a refund gives back. */
    paid_paise: integerWithDefault(),
    /** When a refund was last put to the gateway: one at a time (src/features/payments/refunds.server.ts). */
    refund_claimed_at: textOrNull(),
  },
  /** Every exchange with a gateway, as sent and as answered: kind 'start', 'callback', 'webhook', 'status' or 'refund'. */
  payment_exchange: { id: id(), transaction_id: integer(), at: text(), kind: text(), request: text(), response: text(), outcome: textOrEmpty() },
  /** A receipt, online or at the counter; valid_bill_id is set while it is valid, so a bill is paid once. */
  payment_receipt: {
    id: id(),
    number: text(),
    fy: text(),
    seq: integer(),
    bill_id: integer(),
    valid_bill_id: integerOrNull(),
    transaction_id: integerOrNull(),
    kind: text(),
    reference: text(),
    mode: text<'online' | 'cash' | 'cheque' | 'dd' | 'upi'>(),
    instrument: textOrEmpty(),
    amount_paise: integer(),
    paid_at: text(),
    cashier_id: integerOrNull(),
    state: text<'valid' | 'cancelled'>(),
    cancelled_at: textOrNull(),
    cancel_reason: textOrEmpty(),
    token: text(),
    /** A counter receipt's scan of the cheque or draft: a private file, the counter's staff's only. */
    instrument_media_id: integerOrNull(),
  },
  /** The built-in gateway simulator's orders (Razorpay's protocol); payment_status '', 'created', 'captured' or 'failed'. */
  gateway_simulator_order: {
    id: text(),
    amount_paise: integer(),
    receipt: text(),
    created_at: text(),
    payment_id: textOrEmpty(),
    payment_status: textOrEmpty(),
    paid_amount_paise: integerWithDefault(),
    stall_count: integerWithDefault(),
    /** The order's notes as JSON ('' for none), and the payment's contact, email and time ('' before one is made). */
    notes: textOrEmpty(),
    contact: textOrEmpty(),
    email: textOrEmpty(),
    paid_at: textOrEmpty(),
    /** How much of the captured payment has been refunded, never more than was captured. */
    refunded_paise: integerWithDefault(),
  },
  /** The property tax register (src/features/property-tax); usage 'residential', 'commercial', 'mixed' or 'vacant'. */
  property: {
    id: id(),
    number: text(),
    ward: text(),
    holder_name: text(),
    mobile: text(),
    address: text(),
    usage: text<'residential' | 'commercial' | 'mixed' | 'vacant'>(),
    area_sqft: integer(),
    floors: integer(),
    updated_at: text(),
  },
  property_tax_head: { code: text(), name_en: text(), name_hi: text(), position: integer() },
  property_tax_rate: { head: text(), usage: text(), paise_per_sqft: integer() },
  property_tax_demand: { id: id(), property_id: integer(), fy: text(), head: text(), amount_paise: integer() },
  property_tax_setting: {
    id: integer(),
    rebate_bp: integer(),
    rebate_until: text(),
    penalty_bp_per_month: integer(),
    penalty_after: text(),
    partial_allowed: integer(),
    partial_min_paise: integer(),
  },
  property_tax_payment: {
    id: id(),
    receipt_id: integer(),
    property_id: integer(),
    fy: text(),
    head: text(),
    principal_paise: integer(),
    penalty_paise: integer(),
    rebate_paise: integer(),
  },
  /** Trade licences (src/features/trade-licence): trade types, the fee table, the document checklist, verdicts, licences. */
  trade_type: { code: text(), name_en: text(), name_hi: text(), category: text(), validity_months: integer(), position: integer() },
  trade_fee_rate: {
    id: id(),
    trade_type: text(),
    structure: text(),
    application_kind: text(),
    basis: text<'area' | 'employees'>(),
    from_units: integer(),
    to_units: integerOrNull(),
    method: text<'flat' | 'per_unit'>(),
    amount_paise: integer(),
  },
  trade_fee_setting: { id: integer(), late_after: text(), late_fee_paise_per_month: integer() },
  trade_document_rule: { id: id(), trade_type: text(), application_kind: text(), code: text(), name_en: text(), name_hi: text(), position: integer() },
  trade_document_verdict: { id: id(), case_id: integer(), code: text(), media_id: integer(), accepted: integer(), reason: text(), by_label: text(), at: text() },
  trade_licence: {
    id: id(),
    number: text(),
    case_id: integer(),
    trade_name: text(),
    trade_type: text(),
    ward: text(),
    address: text(),
    valid_from: text(),
    valid_until: text(),
    receipt_id: integer(),
    issued_at: text(),
    cancelled_at: textOrNull(),
  },
  /** Piped water (src/features/water): connections, meter readings, quarterly bills, payments against them, the tariff. */
  water_connection: {
    id: id(),
    number: text(),
    case_id: integer(),
    property_number: text(),
    ward: text(),
    holder_name: text(),
    mobile: text(),
    connection_type: text(),
    pipe_mm: integer(),
    billing: text<'flat' | 'metered'>(),
    meter_number: text(),
    connected_on: text(),
    work_order: text(),
    receipt_id: integer(),
  },
  water_reading: { id: id(), connection_id: integer(), read_on: text(), reading_kl: integer(), photo_media_id: integer(), by_user_id: integerOrNull(), by_label: text(), at: text() },
  water_bill: {
    id: id(),
    number: text(),
    connection_id: integer(),
    quarter: text(),
    billed_on: text(),
    due_on: text(),
    billing: text<'flat' | 'metered'>(),
    previous_kl: integerOrNull(),
    current_kl: integerOrNull(),
    consumption_kl: integerOrNull(),
    charge_paise: integer(),
    arrears_paise: integer(),
    late_fee_paise: integer(),
    total_paise: integer(),
  },
  water_payment: { id: id(), receipt_id: integer(), connection_id: integer(), amount_paise: integer() },
  water_setting: { id: integer(), tariff: text() },
  /** A table that writes change, its number, raised by each committed write to it, and when that was (null if unknown). */
  table_version: { table_name: text(), version: integer(), changed_at: textOrNull() },
} as const satisfies Record<string, Record<string, ColumnShape<unknown>>>;

export type TableName = keyof typeof TABLES;

/**
 * The full-text index's engine-specific parts, which no shape here describes: SQLite's FTS5 table over
 * search_entry with the tables FTS5 keeps beside it, and PostgreSQL's computed tsvector column.
 */
export const SEARCH_ENGINE_PARTS = {
  sqliteTables: /^search_fts(_|$)/,
  postgresColumns: [{ table: 'search_entry', column: 'search_vector' }],
} as const;

/** A table's row type as Kysely sees it, from its shape. */
export type TableOf<S> = { -readonly [C in keyof S]: S[C] extends ColumnShape<infer T> ? T : never };

/** The database as Kysely sees it: one interface per table, columns in snake_case. */
export type Database = { [K in TableName]: TableOf<(typeof TABLES)[K]> };

/** A column of table T, as a declaration names it. */
export type ColumnOf<T extends TableName> = keyof (typeof TABLES)[T] & string;

export type AppUser = Selectable<Database['app_user']>;
export type Tender = Selectable<Database['tender']>;
