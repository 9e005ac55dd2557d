/**
 * Opens the database named by the configuration: an embedded SQLite file (Node's own `node:sqlite`, WAL) by
 * default, or PostgreSQL through a `pg` pool when DATABASE_URL is set. Both give the same
 * `Kysely<Database>`; the differences that matter to callers (booleans, timestamps, counts) are
 * smoothed here and in schema.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  type UnknownRow,
  ValueNode,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
}

/** SQLite has no boolean type: every written boolean, bound or inlined, becomes 0 or 1. */
class BooleanToIntegerTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value === 'boolean') {
      const value = node.value ? 1 : 0;
      return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
    }
    return super.transformValue(node);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(
      node.values.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value)),
    );
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToIntegerTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * Per-pool type parsers (not the process-wide `pg.types`): timestamps come back as the same ISO strings
 * SQLite stores, and `count(*)` (int8) as a number.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === PG_TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString();
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads cannot be forwarded with a union format.
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'sqlite') {
    if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
    const sqlite = new DatabaseSync(config.path);
    sqlite.exec('pragma journal_mode = WAL');
    sqlite.exec('pragma foreign_keys = ON');
    // Another process (a CLI, a second server) may hold the write lock briefly; wait instead of failing.
    sqlite.exec('pragma busy_timeout = 5000');
    // With WAL, NORMAL keeps committed transactions across a process crash and is much faster than FULL.
    sqlite.exec('pragma synchronous = NORMAL');
    const db = new Kysely<Database>({
      // Each query text is prepared once (statement-cache.ts).
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new SqliteBooleanPlugin()],
    });
    return { db, kind: 'sqlite' };
  }

  if (config.schema) {
    // Tests get a schema of their own; create it before the pool pins search_path to it.
    const client = new pg.Client({ connectionString: config.connectionString });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(config.schema)}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: 10,
    types: pgTypes,
    ...(config.schema ? { options: `-c search_path=${quoteIdentifier(config.schema)}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres' };
}
