import { and, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalidField } from '../../lib/http-errors.ts';

/** Rows where any of the columns contains the text, case-insensitively; LIKE wildcards are taken literally. */
export function containsText(columns: PgColumn[], text: string | undefined): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const pattern = `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** A `yyyy-MM-dd[ HH:mm:ss]` string in the server's time zone; a bare date means its first or last second. */
function parseWireTime(value: string, endOfRange: boolean): Date {
  const match = WIRE_TIME.exec(value);
  if (!match) throw invalidField('createTime', `"${value}" must be yyyy-MM-dd HH:mm:ss`);
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => (part === undefined ? -1 : Number(part)));
  const dateOnly = hour === -1;
  const date = new Date(year!, month! - 1, day!, dateOnly ? 0 : hour!, dateOnly ? 0 : minute!, dateOnly ? 0 : second!);
  const valid =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    (dateOnly || (date.getHours() === hour && date.getMinutes() === minute && date.getSeconds() === second));
  if (!valid) throw invalidField('createTime', `"${value}" is not a real date and time`);
  if (!endOfRange) return date;
  // The end is included: compare with the start of the next second (or day).
  if (dateOnly) return new Date(year!, month! - 1, day! + 1);
  return new Date(date.getTime() + 1000);
}

/** Rows created between the two times of a `createTime` filter, both included. */
export function createdBetween(column: PgColumn, range: string[] | undefined): SQL | undefined {
  if (!range || range.length === 0) return undefined;
  const [start, end] = range as [string, string];
  return and(gte(column, parseWireTime(start, false)), lt(column, parseWireTime(end, true)));
}

/** Whether a database error is a unique-index violation (two requests raced for the same name). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
