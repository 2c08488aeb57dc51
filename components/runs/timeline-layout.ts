import type { RunTimeline, TimelineEntry } from "@/lib/contracts/run-timeline";

/** A bar placed on the run's time axis, in percent of the whole span. */
export type PlacedBar = TimelineEntry & { offsetPercent: number; widthPercent: number };

/**
 * Places each entry on one axis from the run's start to the last end seen (`now` for a bar
 * still running), so bars compare at a glance; a bar too short to see keeps a sliver (the view
 * gives it a minimum width).
 */
export function placeTimelineBars(
  timeline: RunTimeline,
  now: number = Date.now(),
): { spanMs: number; bars: PlacedBar[] } {
  const origin = Date.parse(timeline.started_at);
  const endOf = (entry: TimelineEntry) =>
    entry.finished_at
      ? Date.parse(entry.started_at) + (entry.duration_ms ?? 0)
      : Math.max(now, Date.parse(entry.started_at));
  const lastEnd = Math.max(
    origin,
    ...timeline.entries.map(endOf),
    timeline.finished_at ? Date.parse(timeline.finished_at) : origin,
  );
  const spanMs = Math.max(1, lastEnd - origin);
  const bars = timeline.entries.map((entry) => {
    const start = Math.max(0, Date.parse(entry.started_at) - origin);
    const length = Math.max(0, endOf(entry) - Date.parse(entry.started_at));
    return {
      ...entry,
      offsetPercent: Math.min(100, (start / spanMs) * 100),
      widthPercent: Math.min(100 - Math.min(100, (start / spanMs) * 100), (length / spanMs) * 100),
    };
  });
  return { spanMs, bars };
}
