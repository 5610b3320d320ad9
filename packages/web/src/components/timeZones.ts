/** The time zones offered first (watch schedules, the alert digest); the ones given are added when not among them. */
export const TIME_ZONES = ['Asia/Tokyo', 'UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Europe/Paris', 'Asia/Shanghai', 'Asia/Seoul', 'Asia/Singapore', 'Australia/Sydney'];

export function timeZoneChoices(extra: readonly (string | undefined)[] = []): string[] {
  const zones = [...TIME_ZONES];
  for (const zone of extra) if (zone && !zones.includes(zone)) zones.push(zone);
  return zones;
}
