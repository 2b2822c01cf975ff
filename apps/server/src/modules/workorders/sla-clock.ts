import type { BusinessHours } from '@water/contract/sla';
import type { WorkOrderState } from '@water/contract/work-orders';
import dayjs from 'dayjs';

/** A stretch of time, in epoch milliseconds. */
interface Span {
  start: number;
  end: number;
}

/** A step of an order's timeline, as the clocks read it. */
export interface ClockStep {
  time: Date;
  toState: WorkOrderState;
}

const MINUTE = 60_000;
/** How far ahead a due time is looked for: beyond it, business hours that never come give none. */
const HORIZON_DAYS = 400;

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * The business hours of each day from `start`, in the server's time zone, while `visit` wants more.
 * Hours that end at or before they start (22:00–06:00) run overnight, into the next morning, and
 * belong to the day they start on.
 */
function eachWindow(hours: BusinessHours, start: number, visit: (window: Span) => boolean): void {
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (to === from || hours.days.length === 0) return;
  const overnight = to < from;
  // An overnight window of the day before may still be open at `start`.
  let day = dayjs(start)
    .startOf('day')
    .subtract(overnight ? 1 : 0, 'day');
  for (let i = 0; i <= HORIZON_DAYS; i++, day = day.add(1, 'day')) {
    const weekday = day.day() === 0 ? 7 : day.day();
    if (!hours.days.includes(weekday)) continue;
    const end = overnight ? day.add(1, 'day').add(to, 'minute') : day.add(to, 'minute');
    const window = { start: day.add(from, 'minute').valueOf(), end: end.valueOf() };
    if (!visit(window)) return;
  }
}

/** The time of a span that counts: all of it, or its business hours only. */
function countedIn(span: Span, hours: BusinessHours | null): number {
  if (!hours) return Math.max(0, span.end - span.start);
  let counted = 0;
  eachWindow(hours, span.start, (window) => {
    if (window.start >= span.end) return false;
    counted += Math.max(0, Math.min(window.end, span.end) - Math.max(window.start, span.start));
    return true;
  });
  return counted;
}

/**
 * When a clock running from `from` has counted `ms` more: straight on, or through the business
 * hours only; null when business hours never come.
 */
function after(from: number, ms: number, hours: BusinessHours | null): number | null {
  if (!hours) return from + ms;
  let left = ms;
  let at: number | null = null;
  eachWindow(hours, from, (window) => {
    const start = Math.max(window.start, from);
    if (window.end <= start) return true;
    if (window.end - start >= left) {
      at = start + left;
      return false;
    }
    left -= window.end - start;
    return true;
  });
  return at;
}

/** The stretches an order's clocks ran from its creation until `until`: every one but those on hold. */
export function runningSpans(created: Date, steps: readonly ClockStep[], until: number): Span[] {
  const spans: Span[] = [];
  let start: number | null = created.getTime();
  for (const step of steps) {
    const at = Math.min(step.time.getTime(), until);
    if (step.toState === 'ON_HOLD' && start !== null) {
      spans.push({ start, end: at });
      start = null;
    } else if (step.toState !== 'ON_HOLD' && start === null) {
      start = at;
    }
  }
  if (start !== null && start < until) spans.push({ start, end: until });
  return spans;
}

/** One of an order's clocks at a moment. */
export interface ClockReading {
  targetMs: number;
  elapsedMs: number;
  /** When the target is reached if the clock keeps running; null when paused or stopped. */
  due: Date | null;
  stopped: Date | null;
  breached: boolean;
}

/**
 * A clock of an order: counted from its creation to `stop` (accepted, done) or `now`, leaving out
 * its time on hold and, with business hours, the time outside them.
 */
export function readClock(
  order: { created: Date; steps: readonly ClockStep[]; paused: boolean },
  stop: Date | null,
  targetMinutes: number,
  hours: BusinessHours | null,
  now: Date,
): ClockReading {
  const until = stop ? stop.getTime() : now.getTime();
  const spans = runningSpans(order.created, order.steps, until);
  const elapsedMs = spans.reduce((sum, span) => sum + countedIn(span, hours), 0);
  const targetMs = targetMinutes * MINUTE;
  const running = !stop && !order.paused;
  const dueAt = running && elapsedMs < targetMs ? after(now.getTime(), targetMs - elapsedMs, hours) : null;
  return {
    targetMs,
    elapsedMs,
    due: dueAt === null ? null : new Date(dueAt),
    stopped: stop,
    breached: elapsedMs > targetMs,
  };
}

/** When the order was first accepted: its response clock stops there. */
export const acceptedAt = (steps: readonly ClockStep[]): Date | null =>
  steps.find((step) => step.toState === 'ACCEPTED')?.time ?? null;
