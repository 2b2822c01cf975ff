import type { Channel } from '@water/contract/gateway';
import type { Outcome } from './virtual-machine.ts';

/** Sales a machine makes in a day at speed 1, and how they spread over the hours (index: hour). */
export const SALES_PER_DAY = 100;
export const HOURLY_SHARE = [
  0.2, 0.1, 0.1, 0.1, 0.2, 0.6, 1.6, 2.6, 2.2, 1.4, 1.2, 1.6, 2.2, 1.6, 1.1, 1.0, 1.3, 2.0, 2.6, 2.4, 1.8, 1.2, 0.7,
  0.4,
];
const SHARE_TOTAL = HOURLY_SHARE.reduce((sum, share) => sum + share, 0);

/** Sales a machine is expected to make per real second at an hour of the day and a speed. */
export function salesPerSecond(hour: number, speed: number): number {
  return ((SALES_PER_DAY * (HOURLY_SHARE[hour % 24] ?? 1)) / SHARE_TOTAL / 3600) * speed;
}

/** At speed 1, the chance at each heartbeat (once a real minute) that a machine drops off the network, or its water slips. */
const OFFLINE_PER_BEAT = 0.002;
const WATER_SLIP_PER_BEAT = 0.01;

/**
 * The chances of trouble at a heartbeat, at a speed: the simulated day runs `speed` times faster,
 * so its spells come `speed` times as often (at most one heartbeat in two).
 */
export function troublePerBeat(speed: number): { offline: number; waterSlip: number } {
  return {
    offline: Math.min(0.5, OFFLINE_PER_BEAT * speed),
    waterSlip: Math.min(0.5, WATER_SLIP_PER_BEAT * speed),
  };
}

/** A sale's channel, volume and ending, drawn as a busy machine sees them. */
export function drawSale(random: () => number, channels: readonly Channel[]) {
  const channel = channels[Math.floor(random() * channels.length)] as Channel;
  const requestedMl = [1000, 2000, 5000, 7500, 10_000, 18_900][Math.floor(random() * 6)] as number;
  const roll = random();
  const outcome: Outcome = roll < 0.01 ? 'FAILED' : roll < 0.04 ? 'SHORT' : 'COMPLETED';
  return { channel, requestedMl, outcome };
}
