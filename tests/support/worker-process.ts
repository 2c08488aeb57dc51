import { type ChildProcess, spawn } from "node:child_process";

/** A `npm run worker` process started by a test. */
export type WorkerProcess = {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once it has exited (at once if it already has). */
  exited: () => Promise<void>;
  /** SIGTERM (a clean stop) unless it is gone already; resolves once it has exited. */
  stop: () => Promise<void>;
};

/**
 * Starts `scripts/worker.ts` exactly as `npm run worker` runs it (tsx, react-server conditions)
 * with this process's environment plus `env`, and waits for "job worker ready".
 */
export async function startWorkerProcess(
  input: { env?: Record<string, string | undefined>; readyTimeoutMs?: number } = {},
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"],
    { env: { ...process.env, ...input.env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker not ready:\n${output}`)),
      input.readyTimeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("job worker ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code ?? signal}):\n${output}`));
    });
  });
  return {
    child,
    pid: child.pid as number,
    output: () => output,
    exited: () => exit,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // A stopped (SIGSTOP) worker must run again to see its SIGTERM.
        child.kill("SIGCONT");
        child.kill("SIGTERM");
      }
      await exit;
    },
  };
}
