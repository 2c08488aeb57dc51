import { readFileSync } from "node:fs";

/** What `/proc/<pid>/stat` says about a process: its state letter and start time. */
export type ProcessStat = {
  /** Field 3: `R`, `S`, `D`… alive; `Z` (zombie) or `X` (dead) means it has exited. */
  state: string;
  /** Field 22: start time in clock ticks after boot; a reused pid has another one. */
  startTicks: string;
};

/**
 * Parses the text of `/proc/<pid>/stat`. Field 2 (the command name) is in parentheses and may
 * itself hold spaces and parentheses, so the fields are counted from after the *last* `)`.
 * Returns null for text that is not in that shape.
 */
export function parseProcessStat(input: { text: string }): ProcessStat | null {
  const close = input.text.lastIndexOf(")");
  if (close < 0) return null;
  // After the command come fields 3, 4, …: field n is at index n - 3.
  const fields = input.text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const state = fields[0];
  const startTicks = fields[22 - 3];
  if (!state || !/^[A-Za-z]$/.test(state) || !startTicks || !/^\d+$/.test(startTicks)) {
    return null;
  }
  return { state, startTicks };
}

/** Whether a state letter says the process has exited (a zombie still holds its pid). */
export function hasExited(stat: ProcessStat): boolean {
  return stat.state === "Z" || stat.state === "X" || stat.state === "x";
}

/**
 * Reads a process's stat on this host: `present` with its fields, `absent` when no process has
 * that pid, `unknown` when this system cannot say (no /proc, not readable, unexpected text).
 */
export function readProcessStat(
  input: { pid: number } | { self: true },
): { kind: "present"; stat: ProcessStat } | { kind: "absent" } | { kind: "unknown" } {
  const file = "self" in input ? "/proc/self/stat" : `/proc/${input.pid}/stat`;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ESRCH") return { kind: "unknown" };
    if ("self" in input) return { kind: "unknown" };
    // No /proc entry can also mean no /proc at all, or a pid hidden from us (hidepid): only the
    // kernel's "no such process" counts as absent.
    return signalProbe(input.pid);
  }
  const stat = parseProcessStat({ text });
  return stat ? { kind: "present", stat } : { kind: "unknown" };
}

function signalProbe(pid: number): { kind: "absent" } | { kind: "unknown" } {
  try {
    process.kill(pid, 0);
    return { kind: "unknown" };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH"
      ? { kind: "absent" }
      : { kind: "unknown" };
  }
}
