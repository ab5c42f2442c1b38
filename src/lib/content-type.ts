import type { AnyObject, ObjectSchema } from 'yup';

/**
 * One declaration per content type says everything that differs between them: the wire names of docs/legacy-contract.md
 * §4 and §5 (JSON answers and multipart parts), the admin form's labels and inputs, and the messages of its §7.
 * The API, the admin screen and the public tables are each written once and read these declarations.
 * Browser-safe: no server imports here, and no table or column names (those are in the type's
 * <type>.server.ts, paired with this by server/content/storage.ts).
 */

export type InputKind = 'text' | 'textarea' | 'date' | 'time' | 'email' | 'tel' | 'number' | 'checkbox' | 'select';

export interface FieldDef {
  /** The JSON name in API answers and JSON bodies, and the formik/yup key: 'tender_no', 'emailAddres'. */
  key: string;
  /** The multipart name after the type's prefix ('Notice.' + 'title'); matched case-insensitively. */
  part: string;
  label: string;
  input: InputKind;
  options?: readonly string[];
  /** Shown as required in the form (the schema decides what the server enforces). */
  required?: boolean;
  /** Shown in the admin table. */
  listed?: boolean;
  /**
   * Text people write that the site shows in Hindi too: stored in English in the record and in Hindi in the
   * translations table, edited side by side, sent and answered as `<key>_hi` (multipart `<part>_hi`).
   */
  translatable?: boolean;
  /** A line under the input saying what to enter or what it changes. */
  hint?: string;
  /**
   * A valid value, for a field whose form is not free text (a YouTube link): shown as the input's placeholder,
   * and what the tests driven by the declarations send.
   */
  example?: string;
}

/** The suffix of a field's Hindi text in API bodies and answers: 'title_hi', 'Notice.title_hi'. */
export const HINDI_SUFFIX = '_hi';

/** The fields of a type that have a Hindi version. */
export const translatableFields = (def: ContentTypeDef): FieldDef[] => def.fields.filter((field) => field.translatable);

/** 'video': an MP4 or WebM file, stored as sent (never decoded) and served with range requests. */
export type FileKind = 'image' | 'document' | 'video';

export interface FileSlotDef {
  /** JSON name of the stored file in API answers (base64): 'filePath', 'photoPath', 'tender_document_2'. */
  key: string;
  /** Multipart parts that may carry a new file, in the order they are tried. */
  parts: readonly string[];
  /** Multipart text fields that may carry the file as base64 (with or without a data: prefix). */
  base64Parts?: readonly string[];
  label: string;
  kind: FileKind;
  /** 'create': needed when creating (an edit keeps the stored one). */
  required?: 'create';
  /**
   * Needed when creating unless this field (by key) has a value: a video is a file or a YouTube link.
   * requiredMessage says so.
   */
  requiredUnless?: string;
  requiredMessage?: string;
  listed?: boolean;
}

export interface CrudMessages {
  /**
   * The type's noun in the old messages (docs/legacy-contract.md §3.8: 'PressRelease', 'Latest News'); the API's
   * error texts use it.
   */
  deleteNoun: string;
  /** One item in plain words for the back office's questions ('press release'); deleteNoun spelt out when absent. */
  itemNoun?: string;
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** The admin table's empty text. */
  emptyAdmin: string;
  invalidFile?: string;
}

export interface ContentTypeDef {
  /** URL segment under /api/Admin and /api/Public: 'notice', 'latest-news', 'officeorder'. */
  path: string;
  /** Multipart prefix: 'Notice', 'Tender', 'MinisterOfficerEmployee'. */
  partPrefix: string;
  /** Latest news is sent as JSON; everything else as multipart. */
  body: 'multipart' | 'json';
  /**
   * Files are answered as their /media/ address only, never as base64 (a type new since the old system, whose files
   * are videos: no old client reads them inline, and megabytes of base64 would help nobody).
   */
  filesAsUrl?: true;
  /** The JSON name of the creation time in answers: 'createdDate' or 'created_date'. */
  createdKey?: string;
  heading: string;
  createButton: string;
  formTitle: { create: string; edit: string };
  submitLabel: { create: string; edit: string };
  fields: readonly FieldDef[];
  files: readonly FileSlotDef[];
  /**
   * Multipart parts that carry files without saying which slot they fill (the old tender client's repeated
   * 'file' parts). They fill, in order, the slots whose file-name field names them, then the empty slots.
   */
  sharedFileParts?: readonly string[];
  /**
   * Fields and file slots that belong together, each group shown in its own fieldset after the ungrouped
   * ones (a tender's 'Tender Title 2' beside its 'Document 2'). Keys are field or file slot keys.
   */
  fieldsets?: readonly { legend: string; keys: readonly string[] }[];
  schema: ObjectSchema<AnyObject>;
  messages: CrudMessages;
  /**
   * Optional: expired items are listed on a public archive page, /archive/<slug> (its names in each language
   * are the sitemap catalogue's), having left the live list at liveHref; validityDays, when given, is how long
   * an item stays on the live list after publication unless its valid-until says otherwise.
   */
  archive?: { slug: string; liveHref: string; validityDays?: number };
  /**
   * Optional: the site search covers the type (in both languages; its translatable fields make a record
   * searchable in Hindi), reading the result's title and body from the record's text by field key, and its
   * date, page and document as declared; a type whose results need more says so in its storage (searchView).
   */
  search?: SearchDef;
  /**
   * Optional: an RSS feed of the public list, /feeds/<name>.xml in each language (its name in the feeds
   * catalogue). Its items are the live records, newest first, as their own pages; a type whose feed shows
   * something else says so in its storage (feedItems).
   */
  feed?: { name: string };
  /**
   * The sitemap's group that lists the public page, first in the group, named by the sitemap catalogue's
   * words for the page; none for a type whose page is listed otherwise (the slider, on the home page).
   */
  sitemapGroup?: SitemapGroupName;
  /** The admin screen's route (src/pages holds its one-line page, drawn by the one content admin page). */
  adminRoute: string;
  /** The admin screen's entry in the back office sidebar, which lists the types in their declared order. */
  sidebarLabel: string;
  /** Where the public sees this content, for the "view on site" link and the tests. */
  publicRoute: string;
  /**
   * The public pages the type owns, each with the query parameters it reads (the page cache keys on them):
   * the route table's entries for them are derived from here (src/features/content-routes.ts). Empty for a
   * type shown on another's page (the slider, on the home page).
   */
  publicPages: Readonly<Record<string, PublicPageDef>>;
}

export interface PublicPageDef {
  query?: readonly string[];
}

/** A public list read page by page (?page=). */
export const PAGED_LIST: PublicPageDef = { query: ['page'] };

/** The sitemap's groups that list content types' pages (the sitemap catalogue words them). */
export type SitemapGroupName = 'about' | 'tenders' | 'documents' | 'gallery';

/** What a search result's date is (the results page words it in its language): 'Issue date', 'Published'... */
export type SearchDateKind = 'issued' | 'published' | 'posted' | 'released';

export interface SearchDef {
  title: (text: (key: string) => string) => string;
  body: (text: (key: string) => string) => string;
  /** The result's date: the field holding it (none: when the record was put on the site), and what it is. */
  date: { field?: string; kind: SearchDateKind };
  /**
   * Where a result is read: the item's own page (publicRoute/id), its place on the list (publicRoute), or a
   * page of the type's own ('/tender-details?id=7').
   */
  opens: 'item' | 'list' | ((id: number) => string);
  /** The file slot whose document a result links, if any. */
  document?: string;
}

/** The search of a type whose title and description are its searched text. */
export const titleAndDescriptionSearch = (where: Pick<SearchDef, 'date' | 'opens' | 'document'>): SearchDef => ({
  title: (text) => text('title'),
  body: (text) => text('description'),
  ...where,
});

export function emptyFormValues(def: ContentTypeDef): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of def.fields) values[field.key] = field.input === 'checkbox' ? false : '';
  return values;
}

/**
 * What every declaration starts with: its API path, its form parts' prefix, how a save's body comes, where the
 * creation date is kept (createdDate, unless the old API named it otherwise) and the admin screen's words for a
 * type named `name`.
 */
export function typeBasics(o: { path: string; partPrefix: string; body: ContentTypeDef['body']; name: string; heading?: string; createdKey?: string }) {
  return { path: o.path, partPrefix: o.partPrefix, body: o.body, createdKey: o.createdKey ?? 'createdDate', ...screenWording(o.name, o.heading) };
}

/** The admin screen's words for a type named `name` ('Create New Tender', 'Edit Tender', 'Update Tender'). */
export function screenWording(name: string, heading = name): Pick<ContentTypeDef, 'heading' | 'createButton' | 'formTitle' | 'submitLabel'> {
  return {
    heading,
    createButton: `Create New ${name}`,
    formTitle: { create: `Create New ${name}`, edit: `Edit ${name}` },
    submitLabel: { create: `Create ${name}`, edit: `Update ${name}` },
  };
}

/**
 * The usual wording of docs/legacy-contract.md §7.3: '{Name} created successfully!', 'There was an error
 * creating the {noun}.'
 */
export function standardMessages(o: { name: string; noun: string; deleteNoun?: string; emptyAdmin: string }): CrudMessages {
  return {
    deleteNoun: o.deleteNoun ?? o.noun,
    created: `${o.name} created successfully!`,
    updated: `${o.name} updated successfully!`,
    deleted: `${o.name} deleted successfully!`,
    createFailed: `There was an error creating the ${o.noun}.`,
    updateFailed: `There was an error updating the ${o.noun}.`,
    deleteFailed: `There was an error deleting the ${o.noun}.`,
    emptyAdmin: o.emptyAdmin,
  };
}

/** The wording of the document-carrying types (notice, circular, office order, tender): 'processing'. */
export function documentMessages(name: string, emptyAdmin: string): CrudMessages {
  const noun = name.toLowerCase();
  return {
    deleteNoun: noun,
    created: `${name} created successfully!`,
    updated: `${name} updated successfully!`,
    deleted: `${name} deleted successfully!`,
    createFailed: `There was an error processing the ${noun}.`,
    updateFailed: `There was an error processing the ${noun}.`,
    deleteFailed: `There was an error deleting the ${noun}.`,
    emptyAdmin,
    invalidFile: 'Invalid document file!',
  };
}

/** One item of the type in plain words: 'press release' for the old messages' 'PressRelease'. */
export function itemNoun(def: ContentTypeDef): string {
  return def.messages.itemNoun ?? def.messages.deleteNoun.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The delete question, naming the item in words: "Delete the press release 'Water cut on Monday'?". */
export function deleteQuestion(def: ContentTypeDef, name: string): string {
  return `Delete the ${itemNoun(def)} '${name}'?`;
}

/**
 * What a save tells the clerk happened, in a status line that needs no click, naming the type as people say
 * it ("Press release saved."). An editor's save stays a draft (nothing is on the site yet), and says so.
 */
export function savedMessage(def: ContentTypeDef, state: unknown): string {
  const noun = itemNoun(def);
  if (state === 'draft' || state === 'sent_back') return `Draft saved: the ${noun} is not on the site until an admin publishes it.`;
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} saved.`;
}

/** A content item as the admin screens hold it: its fields by name, and its id. */
export type AdminRow = Record<string, unknown> & { id: number };
