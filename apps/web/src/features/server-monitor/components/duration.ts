/** Which duration text fits, and its figures: days and hours, hours and minutes, or minutes and seconds. */
export function durationParts(totalSeconds: number): {
  key: 'days' | 'hours' | 'minutes';
  values: Record<string, number>;
} {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return { key: 'days', values: { days, hours } };
  if (hours > 0) return { key: 'hours', values: { hours, minutes } };
  return { key: 'minutes', values: { minutes, seconds: seconds % 60 } };
}
