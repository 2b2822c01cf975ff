import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** A table partitioned by range of one time column (UTC), one partition per day or per month. */
export interface PartitionedTable {
  /** The partitioned (parent) table. */
  table: string;
  unit: 'day' | 'month';
  /**
   * What separates the year and the month in a partition's name: `biz_order_2026_11` (`_`),
   * `biz_telemetry_hourly_202611`, `biz_telemetry_raw_20261126` (nothing).
   */
  separator: '_' | '';
  /** Partitions made beyond the current one, so that no write waits for one. */
  ahead: number;
  /** How many days or months a partition is kept once it ended; undefined keeps every one. */
  keep: number | undefined;
  /** What else goes once partitions were dropped: rows elsewhere about the rows before `before`. */
  afterDrop?: (db: Database, before: Date) => Promise<void>;
}

/** What one round of upkeep made and dropped. */
export interface PartitionUpkeep {
  made: string[];
  dropped: string[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The start of the day or month holding `at` (UTC), moved by `units` days or months. */
function unitStart(unit: PartitionedTable['unit'], at: Date, units = 0): Date {
  return unit === 'day'
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + units))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + units, 1));
}

/** The name of the partition of `spec` holding `at`. */
export function partitionName(spec: PartitionedTable, at: Date): string {
  const opens = unitStart(spec.unit, at);
  const month = `${opens.getUTCFullYear()}${spec.separator}${pad(opens.getUTCMonth() + 1)}`;
  return `${spec.table}_${spec.unit === 'day' ? `${month}${pad(opens.getUTCDate())}` : month}`;
}

/** When the partition named `name` ends, or undefined for a name not made by `partitionName` (a default partition). */
function partitionEnd(spec: PartitionedTable, name: string): Date | undefined {
  const day = spec.unit === 'day' ? '(\\d{2})' : '';
  const escaped = spec.table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^${escaped}_(\\d{4})${spec.separator}(\\d{2})${day}$`).exec(name);
  if (!match) return undefined;
  const opens = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, match[3] ? Number(match[3]) : 1));
  return unitStart(spec.unit, opens, 1);
}

/** The partitions among `names` whose every row is past retention: those that ended `keep` units before `now`. */
export function partitionsPast(spec: PartitionedTable, names: readonly string[], now: Date): string[] {
  const limit = retentionLimit(spec, now);
  if (limit === undefined) return [];
  return names.filter((name) => {
    const ends = partitionEnd(spec, name);
    return ends !== undefined && ends.getTime() <= limit;
  });
}

/** The moment a partition must have ended by to be dropped, or undefined when every one is kept. */
function retentionLimit(spec: PartitionedTable, now: Date): number | undefined {
  if (spec.keep === undefined) return undefined;
  const keep = spec.keep;
  if (spec.unit === 'day') return now.getTime() - keep * 86_400_000;
  return Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth() - keep,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  );
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The names of the partitions of `table`, its default partition included. */
export async function partitionsOf(db: Database, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = ${table}::regclass ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** A bound of a range partition: midnight UTC, which a `date` key reads as that day. */
const bound = (at: Date) => `${at.toISOString().slice(0, 10)} 00:00:00+00`;

/**
 * Makes the partition of `spec` holding `at`, if it is not there (true when made). Rows of its
 * range that waited in the table's default partition, if it has one, move into it in the same
 * transaction. Instances making the same partition at once wait for each other.
 */
export async function ensurePartition(db: Database, spec: PartitionedTable, at: Date): Promise<boolean> {
  const name = partitionName(spec, at);
  const opens = unitStart(spec.unit, at);
  const closes = unitStart(spec.unit, at, 1);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
    const [found] = await rowsOf<{ exists: boolean; fallback: string | null; key: string }>(
      tx,
      sql`SELECT to_regclass(${name}) IS NOT NULL AS exists,
            (SELECT d.relname FROM pg_partitioned_table p JOIN pg_class d ON d.oid = p.partdefid
             WHERE p.partrelid = ${spec.table}::regclass) AS fallback,
            (SELECT a.attname FROM pg_partitioned_table p JOIN pg_attribute a
               ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
             WHERE p.partrelid = ${spec.table}::regclass) AS key`,
    );
    if (!found || found.exists) return false;
    const parent = sql.identifier(spec.table);
    const range = found.fallback
      ? sql`${sql.identifier(found.key)} >= ${bound(opens)} AND ${sql.identifier(found.key)} < ${bound(closes)}`
      : undefined;
    if (found.fallback && range) {
      await tx.execute(sql`CREATE TEMPORARY TABLE partition_rows_moving ON COMMIT DROP AS
        SELECT * FROM ${sql.identifier(found.fallback)} WHERE ${range}`);
      await tx.execute(sql`DELETE FROM ${sql.identifier(found.fallback)} WHERE ${range}`);
    }
    await tx.execute(
      sql`CREATE TABLE ${sql.identifier(name)} PARTITION OF ${parent}
          FOR VALUES FROM (${sql.raw(`'${bound(opens)}'`)}) TO (${sql.raw(`'${bound(closes)}'`)})`,
    );
    if (found.fallback) await tx.execute(sql`INSERT INTO ${parent} SELECT * FROM partition_rows_moving`);
    return true;
  });
}

/** Makes the partitions of `spec` from the one holding `from` through the one holding `to`. */
export async function ensurePartitionsBetween(db: Database, spec: PartitionedTable, from: Date, to: Date) {
  const last = unitStart(spec.unit, to).getTime();
  for (let at = unitStart(spec.unit, from); at.getTime() <= last; at = unitStart(spec.unit, at, 1)) {
    await ensurePartition(db, spec, at);
  }
}

/**
 * One round of upkeep: for every table, the current partition and `ahead` more are made, and
 * those past retention are dropped whole (never row by row). Partitions not named the way
 * `partitionName` names them, such as a default partition, are never dropped.
 */
export async function keepPartitions(
  db: Database,
  specs: readonly PartitionedTable[],
  now: Date,
): Promise<PartitionUpkeep> {
  const made: string[] = [];
  const dropped: string[] = [];
  for (const spec of specs) {
    for (let units = 0; units <= spec.ahead; units++) {
      const at = unitStart(spec.unit, now, units);
      if (await ensurePartition(db, spec, at)) made.push(partitionName(spec, at));
    }
    const past = partitionsPast(spec, await partitionsOf(db, spec.table), now);
    for (const name of past) {
      await db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
      dropped.push(name);
    }
    // The oldest partition left starts where the last one dropped ended.
    const ends = past.map((name) => partitionEnd(spec, name)?.getTime() ?? 0);
    if (spec.afterDrop && past.length > 0) await spec.afterDrop(db, new Date(Math.max(...ends)));
  }
  return { made, dropped };
}
