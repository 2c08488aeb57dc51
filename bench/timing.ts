/** Seconds taken by each benchmark step, by step name. */
export type StepTimes = Record<string, number>;

/**
 * Runs a step and records its wall time in seconds under `name` (and, when `cpuTimes` is
 * given, the CPU seconds this process used: on a shared machine the gap between the two shows
 * how much of the wall time was spent waiting for a core).
 */
export function timeStep<T>(
  times: StepTimes,
  name: string,
  step: () => T,
  cpuTimes?: StepTimes,
): T {
  collectGarbage();
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = step();
  times[name] = Number(process.hrtime.bigint() - start) / 1e9;
  if (cpuTimes) {
    const used = process.cpuUsage(cpuStart);
    cpuTimes[name] = (used.user + used.system) / 1e6;
  }
  return result;
}

/**
 * `timeStep` for a step that returns a promise (the engine's long algorithms yield to the
 * event loop now and then; the time spent waiting for those turns counts, as a caller sees it).
 */
export async function timeStepAsync<T>(
  times: StepTimes,
  name: string,
  step: () => Promise<T>,
  cpuTimes?: StepTimes,
): Promise<T> {
  collectGarbage();
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = await step();
  times[name] = Number(process.hrtime.bigint() - start) / 1e9;
  if (cpuTimes) {
    const used = process.cpuUsage(cpuStart);
    cpuTimes[name] = (used.user + used.system) / 1e6;
  }
  return result;
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMegabytes(): number {
  // maxRSS is in kilobytes on Linux.
  return process.resourceUsage().maxRSS / 1024;
}

/**
 * Runs a full GC when node was started with --expose-gc (the npm scripts do), so a step does
 * not pay for collecting the previous step's garbage — with concurrent GC threads that shows
 * up in CPU time too.
 */
export function collectGarbage(): void {
  const { gc } = globalThis as { gc?: () => void };
  gc?.();
}
