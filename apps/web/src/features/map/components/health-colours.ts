import type { Health } from '@water/contract/map';

/** The colour of each health, on the markers (fleet-map.css) and in the legend. */
export const HEALTH_COLOURS: Record<Health, string> = {
  SELLING: '#389e0d',
  OFFLINE: '#8c8c8c',
  ALARM: '#cf1322',
  MAINTENANCE: '#d46b08',
};

/** Which health a cluster shows: the most pressing of its machines'. */
const URGENCY: readonly Health[] = ['ALARM', 'OFFLINE', 'MAINTENANCE', 'SELLING'];

export function mostPressing(healths: Iterable<Health>): Health {
  const seen = new Set(healths);
  return URGENCY.find((health) => seen.has(health)) ?? 'SELLING';
}
