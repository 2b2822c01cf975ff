import type { StatementStats } from '@water/contract/logs';

/** The columns a statement list sorts by. */
export const SORT_FIELDS = ['sql', 'count', 'totalMs', 'avgMs', 'maxMs', 'rows', 'errors', 'lastSeen'] as const;
type SortField = (typeof SORT_FIELDS)[number];

const isSortField = (name: string): name is SortField => (SORT_FIELDS as readonly string[]).includes(name);

/** Case and spacing do not matter: "select  *" finds "SELECT *". */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The statements whose text holds the search words, in the list's sort order (`field,asc|desc`,
 * most significant first); in the server's order (longest in total first) when unsorted.
 */
export function selectStatements(
  statements: readonly StatementStats[],
  text: string | undefined,
  sort: readonly string[],
): StatementStats[] {
  const words = normalise(text ?? '');
  const found = words ? statements.filter((entry) => normalise(entry.sql).includes(words)) : [...statements];
  const orders = sort.flatMap((entry) => {
    const [field = '', direction] = entry.split(',');
    return isSortField(field) ? [{ field, sign: direction === 'desc' ? -1 : 1 }] : [];
  });
  if (orders.length === 0) return found;
  return found.sort((a, b) => {
    for (const { field, sign } of orders) {
      const left = a[field];
      const right = b[field];
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (order !== 0) return order * sign;
    }
    return 0;
  });
}

/** The statements slowest by mean time, to highlight: the `count` slowest of those that took any time. */
export function slowestStatements(statements: readonly StatementStats[], count = 3): Set<string> {
  const timed = statements.filter((entry) => entry.avgMs > 0);
  return new Set(
    [...timed]
      .sort((a, b) => b.avgMs - a.avgMs)
      .slice(0, count)
      .map((entry) => entry.sql),
  );
}
