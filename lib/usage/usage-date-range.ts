import type { ProjectUsageQuery } from "@/lib/contracts/usage";

/** How many days the usage covers when no range is asked for, today included. */
export const defaultUsageDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

/** A range of whole UTC days: `from` and `to` included, `until` the midnight after `to`. */
export type UsageDateRange = { from: string; to: string; start: Date; until: Date };

/**
 * The days a usage query covers: `to` defaults to today (UTC) and `from` to the 29 days before
 * `to`, so no range means the last 30 days. The query was validated (real dates, from ≤ to).
 */
export function usageDateRange(query: ProjectUsageQuery, now: Date = new Date()): UsageDateRange {
  const to = query.to ?? utcDay(now);
  const from =
    query.from ?? utcDay(new Date(dayStart(to).getTime() - (defaultUsageDays - 1) * dayMs));
  return { from, to, start: dayStart(from), until: new Date(dayStart(to).getTime() + dayMs) };
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
