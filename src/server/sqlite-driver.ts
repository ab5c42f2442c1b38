import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { wallClock } from './clock';

/**
 * How Kysely talks to the embedded SQLite file. Each process opens it twice:
 *
 * - a **reader** for every select outside a transaction. In WAL mode a read never waits for a writer, so a
 *   page or a look-up never queues behind a write, nor behind another process's hold on the write lock;
 * - a **writer** for transactions and for writes outside one. Its transactions take SQLite's write lock as
 *   they begin (BEGIN IMMEDIATE): a plain BEGIN takes it only at the first write, and when another process
 *   has written meanwhile that upgrade fails at once with SQLITE_BUSY instead of waiting. One transaction at
 *   a time uses it; a write outside a transaction waits for the one under way.
 *
 * The wait for the write lock held by another process (a second server process, SERVER_PROCESSES; a script
 * beside the server) is made here, not by SQLite. better-sqlite3 runs each statement on the event loop, and
 * SQLite's busy handler waits by sleeping inside the statement: while another process held the lock, this
 * one answered nothing at all, not even a page it had in memory (under a rush of payments in two processes,
 * the public pages' p99 went from about 0.2 s to 1.4 s). So the writer's busy timeout is 0, and a statement
 * that takes the lock and meets SQLITE_BUSY is tried again at the next turn of the event loop, then every
 * millisecond, for as long as SQLite would have waited. Statements inside a transaction hold the lock already.
 */

/** How long a statement waits for a lock held by another connection before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;
/** Tries of the write lock made at the very next turn of the event loop, before waiting a millisecond between tries. */
const TRIES_AT_NEXT_TURN = 8;

export interface SqliteFileOptions {
  /** How long a statement that takes the write lock waits for it (tests shorten it). */
  writeLockWaitMs?: number;
}

/** Opens the file as both connections want it: WAL (readers go on while a write commits), foreign keys on. */
export function openSqliteConnection(file: string, busyTimeoutMs: number): SqliteDatabase.Database {
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return connection;
}

export class CouncilSqliteDialect extends SqliteDialect {
  readonly #writer: SqliteDatabase.Database;
  readonly #reader: SqliteDatabase.Database;
  readonly #options: SqliteFileOptions;
  constructor(writer: SqliteDatabase.Database, reader: SqliteDatabase.Database, options: SqliteFileOptions = {}) {
    super({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
    this.#options = options;
  }
  override createDriver(): Driver {
    return new CouncilSqliteDriver(this.#writer, this.#reader, this.#options);
  }
}

class CouncilSqliteDriver implements Driver {
  readonly writer: KeptStatements;
  readonly reader: KeptStatements;
  readonly #writeLockWaitMs: number;
  readonly #writerFile: SqliteDatabase.Database;
  readonly #readerFile: SqliteDatabase.Database;
  /** The writer's one transaction at a time (and a lone write waits for it). */
  readonly #writerTurn = new Turns();

  constructor(writer: SqliteDatabase.Database, reader: SqliteDatabase.Database, options: SqliteFileOptions) {
    writer.pragma('busy_timeout = 0');
    this.writer = new KeptStatements(writer);
    this.reader = new KeptStatements(reader);
    this.#writeLockWaitMs = options.writeLockWaitMs ?? BUSY_TIMEOUT_MS;
    this.#writerFile = writer;
    this.#readerFile = reader;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#writerTurn.take();
    try {
      await this.takingWriteLock(() => this.writer.run(CompiledQuery.raw('begin immediate')));
    } catch (err) {
      this.#writerTurn.give();
      throw err;
    }
    (connection as Session).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A commit that fails leaves the transaction (and the turn) to the rollback Kysely sends next.
    this.writer.run(CompiledQuery.raw('commit'));
    this.#endTurn(connection as Session);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // SQLite may have rolled back already (a failed commit can): then there is nothing left to undo.
      if (this.#writerFile.inTransaction) this.writer.run(CompiledQuery.raw('rollback'));
    } finally {
      this.#endTurn(connection as Session);
    }
  }

  #endTurn(session: Session): void {
    if (!session.inTransaction) return;
    session.inTransaction = false;
    this.#writerTurn.give();
  }

  /** A write outside a transaction: after this process's transaction under way, with the write lock. */
  async writeAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.#writerTurn.take();
    try {
      return await this.takingWriteLock(() => this.writer.run<R>(query));
    } finally {
      this.#writerTurn.give();
    }
  }

  async takingWriteLock<T>(run: () => T): Promise<T> {
    const giveUpAt = wallClock() + this.#writeLockWaitMs;
    for (let tries = 1; ; tries++) {
      try {
        return run();
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || wallClock() >= giveUpAt) throw err;
      }
      await new Promise((resolve) => (tries <= TRIES_AT_NEXT_TURN ? setImmediate(resolve) : setTimeout(resolve, 1)));
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    for (const file of [this.#writerFile, this.#readerFile]) if (file.open) file.close();
  }
}

/** What Kysely holds for a query or a transaction: it takes no connection until a statement needs one. */
class Session implements DatabaseConnection {
  inTransaction = false;
  readonly #driver: CouncilSqliteDriver;
  constructor(driver: CouncilSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      if (this.inTransaction) return Promise.resolve(this.#driver.writer.run<R>(query));
      if (SelectQueryNode.is(query.query)) return Promise.resolve(this.#driver.reader.run<R>(query));
    } catch (err) {
      return Promise.reject(err);
    }
    // Anything else may write (raw SQL included).
    return this.#driver.writeAlone<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Only a select can be streamed from SQLite');
    const statements = this.inTransaction ? this.#driver.writer : this.#driver.reader;
    for (const row of statements.prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** How many distinct statements are kept ready per connection; the app's queries are a few hundred shapes. */
const KEPT_STATEMENTS = 1000;

/**
 * Kysely asks SQLite to prepare every query anew, and preparing costs as much as running a small query. The
 * app's queries come in a few hundred shapes (values are bound, not written into the SQL), so a statement
 * prepared once is kept by its text and run again; past the limit the oldest kept goes first. A statement
 * still being iterated (a streamed read) is busy and cannot serve a second query meanwhile: that one gets its own.
 */
class KeptStatements {
  readonly #file: SqliteDatabase.Database;
  readonly #kept = new Map<string, SqliteDatabase.Statement>();
  constructor(file: SqliteDatabase.Database) {
    this.#file = file;
  }

  prepare(sql: string): SqliteDatabase.Statement {
    const statement = this.#kept.get(sql);
    if (statement && !statement.busy) return statement;
    const fresh = this.#file.prepare(sql);
    if (!statement) {
      this.#kept.set(sql, fresh);
      if (this.#kept.size > KEPT_STATEMENTS) this.#kept.delete(this.#kept.keys().next().value!);
    }
    return fresh;
  }

  /** Runs a compiled query and answers as Kysely's own SQLite connection does. */
  run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

/** First come, first served: who may use the writer next. */
class Turns {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}
