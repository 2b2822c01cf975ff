/** How many months ahead of this one the upkeep makes the record's partitions. */
export const MONTHS_AHEAD = 2;

/** A moment in each month whose partition should exist now: this month and the next ones. */
export function monthsAhead(now: Date): Date[] {
  return Array.from(
    { length: MONTHS_AHEAD + 1 },
    (_, months) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)),
  );
}
