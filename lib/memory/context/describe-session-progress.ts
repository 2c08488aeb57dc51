/**
 * The session context's progress in words, for people (the Memory page) and the prompt: the
 * last run's status, which steps it confirmed or failed, and whether its tools answered the
 * goal (and why not) — never a raw JSON blob.
 */
export function describeSessionProgress(input: { goal: string | null; progress: unknown }): string {
  const progress = (input.progress ?? {}) as {
    run_status?: string;
    confirmed_steps?: string[];
    failed_steps?: string[];
    answered?: boolean | null;
    unanswered_because?: string;
  };
  const parts: string[] = [];
  if (input.goal) parts.push(`Goal: ${input.goal}`);
  if (progress.run_status) parts.push(`last run ${progress.run_status}`);
  if (progress.confirmed_steps?.length) {
    parts.push(`confirmed: ${progress.confirmed_steps.join(", ")}`);
  }
  if (progress.failed_steps?.length) parts.push(`failed: ${progress.failed_steps.join(", ")}`);
  if (progress.answered === true) parts.push("answered from its tools");
  if (progress.answered === false) {
    const why = progress.unanswered_because;
    parts.push(`not answered from its tools${why ? ` (${why})` : ""}`);
  }
  return parts.join("; ");
}
