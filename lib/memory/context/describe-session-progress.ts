/**
 * The session context's progress in words, for people (the Memory page) and the prompt: the
 * last run's status and which steps it confirmed or failed — never a raw JSON blob.
 */
export function describeSessionProgress(input: { goal: string | null; progress: unknown }): string {
  const progress = (input.progress ?? {}) as {
    run_status?: string;
    confirmed_steps?: string[];
    failed_steps?: string[];
  };
  const parts: string[] = [];
  if (input.goal) parts.push(`Goal: ${input.goal}`);
  if (progress.run_status) parts.push(`last run ${progress.run_status}`);
  if (progress.confirmed_steps?.length) {
    parts.push(`confirmed: ${progress.confirmed_steps.join(", ")}`);
  }
  if (progress.failed_steps?.length) parts.push(`failed: ${progress.failed_steps.join(", ")}`);
  return parts.join("; ");
}
