import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

/** What a finished (or stopped) process left behind. */
export type ProcessOutcome = {
  exitCode: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  stoppedBy: "timeout" | "abort" | "output-limit" | "stdout-consumer" | null;
  consumerError?: unknown;
  durationMs: number;
};

/**
 * Runs a binary without a shell in its own process group, capturing at most `maxOutputBytes`
 * per stream. Passing the stdout cap, the wall-clock limit, an abort, or a failing stdout
 * consumer kills the whole group (SIGKILL to -pid), so no child outlives the call.
 */
export function runProcess(input: {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Takes stdout instead of the capture (e.g. the Ephemeral file writer). */
  consumeStdout?: (stdout: Readable) => Promise<void>;
}): Promise<ProcessOutcome> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(input.file, input.args, {
      cwd: input.cwd,
      // Next's types make NODE_ENV mandatory; the child deliberately gets no NODE_ENV.
      env: input.env as NodeJS.ProcessEnv,
      shell: false,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stoppedBy: ProcessOutcome["stoppedBy"] = null;
    let consumerError: unknown;
    let consumerDone: Promise<void> = Promise.resolve();
    const stop = (reason: NonNullable<ProcessOutcome["stoppedBy"]>) => {
      stoppedBy ??= reason;
      killGroup(child.pid);
    };
    // Too much stderr is only cut, never a reason to stop: stopping would silently shorten
    // stdout (or a stdout_to file). Too much captured stdout stops the run, flagged truncated.
    const stderr = capture(child.stderr, input.maxOutputBytes, () => {});
    const stdout = input.consumeStdout
      ? undefined
      : capture(child.stdout, input.maxOutputBytes, () => stop("output-limit"));
    if (input.consumeStdout) {
      consumerDone = input.consumeStdout(child.stdout).catch((error: unknown) => {
        consumerError = error;
        stop("stdout-consumer");
      });
    }
    const timer = setTimeout(() => stop("timeout"), input.timeoutMs);
    const onAbort = () => stop("abort");
    input.signal?.addEventListener("abort", onAbort, { once: true });
    if (input.signal?.aborted) onAbort();
    const cleanup = () => {
      clearTimeout(timer);
      input.signal?.removeEventListener("abort", onAbort);
    };
    child.once("error", (error) => {
      cleanup();
      reject(error);
    });
    child.once("close", (exitCode, signal) => {
      cleanup();
      void consumerDone.then(() =>
        resolve({
          exitCode,
          signal,
          stdout: stdout?.bytes() ?? Buffer.alloc(0),
          stderr: stderr.bytes(),
          stdoutTruncated: stdout?.truncated() ?? false,
          stderrTruncated: stderr.truncated(),
          stoppedBy,
          consumerError,
          durationMs: Date.now() - started,
        }),
      );
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone (ESRCH): nothing left to stop.
  }
}

function capture(stream: Readable, limit: number, onLimit: () => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const onData = (chunk: Buffer) => {
    if (truncated) return;
    const room = limit - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size = limit;
      truncated = true;
      onLimit();
      return;
    }
    chunks.push(chunk);
    size += chunk.length;
  };
  stream.on("data", onData);
  return {
    bytes: () => Buffer.concat(chunks),
    truncated: () => truncated,
  };
}
