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

export type Role = 'admin' | 'user';

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

export interface GrievanceTypeTable { id: Generated<number>; grievance_title: string }
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

export interface TableVersionTable {
  /** A table that writes change; its number rises with each committed write to it. */
  table_name: string;
  version: number;
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
  table_version: TableVersionTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type Employee = Selectable<EmployeeTable>;
export type Tender = Selectable<TenderTable>;
export type TenderUpdate = Updateable<TenderTable>;
export type Complaint = Selectable<ComplaintTable>;
