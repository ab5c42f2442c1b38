import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './schema-helpers';

// search_entry: the text the site search looks in, one row per record and language (title and body), for
// notices, circulars, office orders, tenders, latest news and press releases. The engine's own full-text
// index sits on top of it:
// - SQLite: an FTS5 table over search_entry, kept in step by triggers. unicode61 alone splits Devanagari
//   words at every vowel sign (पानी → प, न), so combining marks (M*) count as letters too.
// - PostgreSQL: a tsvector column computed from the text with the 'simple' configuration, and a GIN index.
//   Under a C locale the parser takes every non-ASCII character for a letter, so the danda and typographic
//   punctuation are turned into spaces first; otherwise 'सूचना।' would be a word of its own. So are '<', '>'
//   and '&': the parser takes '<script>' for a markup tag and '&amp;' for an entity, and indexes neither.
// The index is filled here from what is already stored; from then on every write keeps it current.
const PUNCTUATION = '।॥‘’“”–—…<>&';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('search_entry'))
    .addColumn('type_path', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_entry_one_text', ['type_path', 'record_id', 'lang'])
    .execute();

  if (isPostgres(db)) {
    const spaces = ' '.repeat(PUNCTUATION.length);
    await sql`alter table search_entry add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', translate(title, ${sql.lit(PUNCTUATION)}, ${sql.lit(spaces)})), 'A') ||
        setweight(to_tsvector('simple', translate(body, ${sql.lit(PUNCTUATION)}, ${sql.lit(spaces)})), 'B')) stored`.execute(db);
    await sql`create index search_entry_vector on search_entry using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table search_fts using fts5(title, body, content='search_entry', content_rowid='id',
        tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'")`.execute(db);
    await sql`create trigger search_entry_added after insert on search_entry begin
        insert into search_fts(rowid, title, body) values (new.id, new.title, new.body); end`.execute(db);
    await sql`create trigger search_entry_removed after delete on search_entry begin
        insert into search_fts(search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body); end`.execute(db);
    await sql`create trigger search_entry_changed after update on search_entry begin
        insert into search_fts(search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
        insert into search_fts(rowid, title, body) values (new.id, new.title, new.body); end`.execute(db);
  }

  // What is already stored, in English (there is no Hindi text yet: its table is one migration old). A
  // tender's title is shown and searched with its number, as the search page has always shown it.
  const sources: [string, string, string, string][] = [
    ['notice', 'notice', 'title', 'description'],
    ['circular', 'circular', 'title', 'description'],
    ['officeorder', 'office_order', 'title', 'description'],
    ['tender', 'tender', "case when tender_no = '' then tender_title else tender_title || ' (' || tender_no || ')' end", 'tender_discreption'],
    ['latest-news', 'latest_news', 'title', 'description'],
    ['press-release', 'press_release', 'title', 'description'],
  ];
  for (const [typePath, table, title, body] of sources) {
    await sql`insert into search_entry (type_path, record_id, lang, title, body)
        select ${typePath}, id, 'en', ${sql.raw(title)}, coalesce(${sql.raw(body)}, '') from ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['search_entry_added', 'search_entry_removed', 'search_entry_changed']) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table search_fts`.execute(db);
  }
  await db.schema.dropTable('search_entry').execute();
}
