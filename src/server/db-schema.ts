import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** The database as Kysely sees it: one interface per table, columns in snake_case. */

export interface MediaTable {
  id: Generated<number>;
  sha256: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
  /** Pixel size, for images only. */
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface MediaVariantTable {
  media_id: number;
  width: number;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

/** 'officer': a field officer who sees only the grievances assigned to them (issue 14). */
export type Role = 'admin' | 'user' | 'officer';

export interface AppUserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: Role;
  created_at: string;
}

export interface UserSessionTable {
  /** Hex SHA-256 of the secret token; the token itself is never stored. */
  id: string;
  user_id: number;
  expires_at: string;
}

export interface SliderTable {
  id: Generated<number>;
  photo_media_id: number | null;
  created_date: string;
}

export interface AboutTable {
  id: Generated<number>;
  name: string;
  description: string;
  photo_media_id: number | null;
  created_date: string;
}

export interface EmployeeTable {
  id: Generated<number>;
  serial_no: number | null;
  name: string;
  designation: string;
  email_addres: string;
  status: string;
  post_remarks: string;
  from_date: string | null;
  to_date: string | null;
  land_line_number: string;
  mobile_number: string;
  show_home_page: number;
  photo_media_id: number | null;
  created_date: string;
}

export interface TenderTable {
  id: Generated<number>;
  tender_no: string;
  tender_title: string;
  tender_discreption: string;
  publish_date: string;
  last_date_of_submission: string;
  last_date_of_submission_time: string;
  status: string;
  tender_title_2: string;
  tender_title_3: string;
  tender_title_4: string;
  tender_title_5: string;
  document_1_media_id: number | null;
  document_2_media_id: number | null;
  document_3_media_id: number | null;
  document_4_media_id: number | null;
  document_5_media_id: number | null;
  created_date: string;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  description: string;
  issue_date: string | null;
  file_media_id: number | null;
  created_date: string;
}

export interface DepartmentDocumentTable extends NoticeTable {
  department: string;
}

export interface LatestNewsTable {
  id: Generated<number>;
  title: string;
  description: string;
  created_date: string;
}

export interface GalleryTable {
  id: Generated<number>;
  title: string;
  description: string;
  photo_media_id: number | null;
  created_date: string;
}

export interface PressReleaseTable {
  id: Generated<number>;
  title: string;
  description: string;
  release_news_paper_name: string;
  releases_page_no: string;
  release_date: string | null;
  photo_media_id: number | null;
  created_date: string;
}

export interface GrievanceTypeTable { id: Generated<number>; grievance_title: string; sla_hours: Generated<number> }
export interface DistrictTable { id: Generated<number>; district_name_english: string }
export interface WardTable { id: Generated<number>; ward_number: string }
export interface UlbTable { id: Generated<number>; ulb_name: string }

export interface ComplaintTable {
  id: Generated<number>;
  grievance_type_id: number;
  district_id: number;
  ward_id: number;
  ulb_id: number;
  your_suggestion: string;
  landmark: string;
  additional_information: string;
  status: string;
  entry_by: string;
  entry_date: string;
  action_by: string;
  action_date: string | null;
  pub_image_1_media_id: number | null;
  pub_image_2_media_id: number | null;
  action_image_1_media_id: number | null;
  action_image_2_media_id: number | null;
  /** The grievance workflow's columns (db/migrations/2026-11-23-0010-grievance-workflow.ts). */
  complaint_number: string | null;
  state: Generated<string>;
  due_at: string | null;
  sla_hours: number | null;
  citizen_name: Generated<string>;
  citizen_mobile: Generated<string>;
  citizen_email: Generated<string>;
  address: Generated<string>;
  officer_id: number | null;
  decided_at: string | null;
  closed_at: string | null;
  rating: number | null;
  rating_comment: Generated<string>;
  source: Generated<string>;
}

export interface ComplaintReminderTable {
  id: Generated<number>;
  complaint_id: number;
  message: string;
  created_date: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_email: string;
  /** 'create', 'update' or 'delete'. */
  action: string;
  /** The content type's name, as in its admin API path (notice, tender, …). */
  entity: string;
  record_id: number | null;
  /** The record as JSON before and after the write (null where there is none); files as their SHA-256. */
  before_json: string | null;
  after_json: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** Lower-cased email as typed, known account or not. */
  email: string;
  address: string;
  at: string;
}

/** An address an account has signed in from successfully: it may still sign in while the account is locked. */
export interface SignInAddressTable {
  email: string;
  address: string;
  last_at: string;
}

export interface ContentVersionTable {
  /** Always 1: the table holds one row. */
  id: number;
  version: number;
}

export interface GrievanceEventTable {
  id: Generated<number>;
  complaint_id: number;
  at: string;
  actor_kind: string;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  from_state: string | null;
  to_state: string;
  note: Generated<string>;
  officer_id: number | null;
  rating: number | null;
}

export interface GrievanceEventMediaTable { event_id: number; position: number; media_id: number }
export interface GrievanceSettingTable { name: string; value: string }
export interface GrievanceAttemptTable { id: Generated<number>; kind: string; key: string; at: string }

export interface NotificationLogTable {
  id: Generated<number>;
  at: string;
  complaint_id: number | null;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  outcome: string;
  error: Generated<string>;
}

export interface Database {
  media: MediaTable;
  media_variant: MediaVariantTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  slider: SliderTable;
  about: AboutTable;
  employee: EmployeeTable;
  tender: TenderTable;
  notice: NoticeTable;
  circular: DepartmentDocumentTable;
  office_order: DepartmentDocumentTable;
  latest_news: LatestNewsTable;
  gallery: GalleryTable;
  press_release: PressReleaseTable;
  grievance_type: GrievanceTypeTable;
  district: DistrictTable;
  ward: WardTable;
  ulb: UlbTable;
  complaint: ComplaintTable;
  complaint_reminder: ComplaintReminderTable;
  audit_log: AuditLogTable;
  login_attempt: LoginAttemptTable;
  sign_in_address: SignInAddressTable;
  content_version: ContentVersionTable;
  grievance_event: GrievanceEventTable;
  grievance_event_media: GrievanceEventMediaTable;
  grievance_setting: GrievanceSettingTable;
  grievance_attempt: GrievanceAttemptTable;
  notification_log: NotificationLogTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type Employee = Selectable<EmployeeTable>;
export type Tender = Selectable<TenderTable>;
export type TenderUpdate = Updateable<TenderTable>;
export type Complaint = Selectable<ComplaintTable>;
