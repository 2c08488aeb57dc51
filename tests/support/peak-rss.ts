import { readFileSync, writeFileSync } from "node:fs";

const mebibyte = 2 ** 20;

/** The kernel's high-water mark of this process's RSS (VmHWM), or undefined off Linux. */
function highWaterMark(): number | undefined {
  try {
    const kib = readFileSync("/proc/self/status", "utf8").match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux: "5" to clear_refs); false where that is refused. */
function resetHighWaterMark(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return highWaterMark() !== undefined;
  } catch {
    return false;
  }
}

// Measurements under way, outermost first: an inner one resets VmHWM, so it first hands the
// peak so far to the outer ones.
const active: { peak: number }[] = [];

export type PeakRss<T> = {
  result: T;
  /** Peak RSS during the action minus RSS before it. */
  growthMiB: number;
  seconds: number;
  method: "VmHWM" | "sampled";
};

/**
 * How far `action` raised this process's resident memory above where it started, in MiB, and how
 * long it took. On Linux the kernel's own peak (VmHWM, reset first) is exact: a timer sampling
 * `process.memoryUsage().rss` misses a peak between samples, and all of them while the event
 * loop is busy. Elsewhere it samples every 5 ms. Measurements may nest.
 */
export async function measurePeakRss<T>(action: () => Promise<T>): Promise<PeakRss<T>> {
  const sofar = highWaterMark() ?? 0;
  for (const outer of active) outer.peak = Math.max(outer.peak, sofar);
  const exact = resetHighWaterMark();
  const before = process.memoryUsage().rss;
  const state = { peak: before };
  active.push(state);
  const sampler = exact
    ? undefined
    : setInterval(() => {
        state.peak = Math.max(state.peak, process.memoryUsage().rss);
      }, 5);
  const started = performance.now();
  try {
    const result = await action();
    const seconds = (performance.now() - started) / 1000;
    const peak = Math.max(state.peak, process.memoryUsage().rss, (exact && highWaterMark()) || 0);
    return {
      result,
      growthMiB: (peak - before) / mebibyte,
      seconds,
      method: exact ? "VmHWM" : "sampled",
    };
  } finally {
    clearInterval(sampler);
    active.splice(active.indexOf(state), 1);
  }
}
