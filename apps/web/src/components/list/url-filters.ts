import { ID_MAX } from '@water/contract/common';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** Reads one filter from a list's address (its values there, a key may repeat); nothing when they are not one. */
export type UrlFilterReader<V> = (values: readonly string[]) => V | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The readers of the filters a list takes from its address. */
export const urlFilter = {
  /** A record's id. */
  id: ((values) => {
    const [value = ''] = values;
    if (!/^[1-9]\d{0,9}$/.test(value)) return undefined;
    const id = Number(value);
    return id <= ID_MAX ? id : undefined;
  }) satisfies UrlFilterReader<number>,
  /** One of a fixed set of codes. */
  oneOf:
    <T extends string>(choices: readonly T[]): UrlFilterReader<T> =>
    (values) =>
      choices.find((choice) => choice === values[0]),
  /** `true` or `false`. */
  flag: ((values) =>
    values[0] === 'true' ? true : values[0] === 'false' ? false : undefined) satisfies UrlFilterReader<boolean>,
  /** Some text (a search). */
  text: ((values) => values[0]?.trim().slice(0, 64) || undefined) satisfies UrlFilterReader<string>,
  /** Two days, `yyyy-MM-dd`, the first not after the second: `createTime=2026-11-01&createTime=2026-11-25`. */
  days: ((values) => {
    const [from, to = from] = values;
    if (!from || !to || !isRealDay(from) || !isRealDay(to) || to < from) return undefined;
    return [from, to];
  }) satisfies UrlFilterReader<[string, string]>,
};

export type UrlFilterReaders<F> = { [K in keyof F]?: UrlFilterReader<NonNullable<F[K]>> };

/** The filters of a list's address (`?siteId=3&state=PAID`) that its readers take; the rest is ignored. */
export function filtersFromUrl<F extends object>(search: string, readers: UrlFilterReaders<F>): Partial<F> {
  const params = new URLSearchParams(search);
  const filters: Partial<F> = {};
  for (const key of Object.keys(readers) as (keyof F & string)[]) {
    const values = params.getAll(key);
    const value = values.length > 0 ? readers[key]?.(values) : undefined;
    if (value !== undefined) filters[key] = value as F[typeof key];
  }
  return filters;
}

type UrlValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** A list's address with these filters, the empty ones left out and a list's values repeated. */
export function listAddress(path: string, filters: Readonly<Record<string, UrlValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The filters a list page was opened with, from its address (a home page's link, a shared or
 * bookmarked address). Read once: each address is a tab of its own, so a page's address never
 * changes under it.
 */
export function useUrlFilters<F extends object>(readers: UrlFilterReaders<F>): Partial<F> {
  const { search } = useLocation();
  const [filters] = useState(() => filtersFromUrl(search, readers));
  return filters;
}
