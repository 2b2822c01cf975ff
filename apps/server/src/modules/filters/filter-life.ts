import type { FilterDueBy, FilterState } from '@water/contract/filters';

const DAY_MS = 86_400_000;

/** What a stage's remaining life is computed from. */
export interface FilterLifeInput {
  lifeDays: number;
  lifeLitres: number;
  tdsOutMax: number | null;
  /** Since when the filter counts. */
  installedTime: Date;
  /** Litres dispensed since then. */
  litresSince: number;
  /** The machine's average litres a day over the last 30 days. */
  dailyLitres: number;
  /** The machine's latest TDS out (ppm), if it reports one. */
  tdsOut: number | null;
}

export interface FilterLife {
  daysLeft: number;
  litresLeft: number;
  remainingPct: number;
  dueAt: Date;
  dueBy: FilterDueBy;
  state: FilterState;
}

/**
 * A stage's remaining life: due at the first of its life in days, its life in litres (projected
 * from the daily average; now when reached, or when nothing is sold, at its days) and TDS out
 * above its threshold (now). Due soon within the lead days before; due until the lead days after;
 * overdue beyond.
 */
export function filterLife(input: FilterLifeInput, now: Date, leadDays: number): FilterLife {
  const daysSince = Math.floor((now.getTime() - input.installedTime.getTime()) / DAY_MS);
  const daysLeft = input.lifeDays - daysSince;
  const litresLeft = Math.floor(input.lifeLitres - input.litresSince);
  const share = Math.min(daysLeft / input.lifeDays, litresLeft / input.lifeLitres);
  const remainingPct = Math.max(0, Math.min(100, Math.floor(share * 100)));

  const byDays = new Date(input.installedTime.getTime() + input.lifeDays * DAY_MS);
  let dueAt = byDays;
  let dueBy: FilterDueBy = 'DAYS';
  const byLitres =
    input.dailyLitres > 0
      ? new Date(now.getTime() + (litresLeft / input.dailyLitres) * DAY_MS)
      : litresLeft <= 0
        ? now
        : null;
  if (byLitres && byLitres < dueAt) {
    dueAt = byLitres;
    dueBy = 'LITRES';
  }
  if (input.tdsOutMax !== null && input.tdsOut !== null && input.tdsOut > input.tdsOutMax && now < dueAt) {
    dueAt = now;
    dueBy = 'TDS';
  }

  const leadMs = leadDays * DAY_MS;
  const state: FilterState =
    dueAt.getTime() > now.getTime() + leadMs
      ? 'OK'
      : dueAt > now
        ? 'DUE_SOON'
        : now.getTime() - dueAt.getTime() <= leadMs
          ? 'DUE'
          : 'OVERDUE';
  return { daysLeft, litresLeft, remainingPct, dueAt, dueBy, state };
}
