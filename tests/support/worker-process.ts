import { type ChildProcess, spawn } from "node:child_process";

/** A `npm run worker` process started by a test. */
export type WorkerProcess = {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once it has printed `text` (rejects if it exits first or the time is up). */
  waitForOutput: (input: { text: string; timeoutMs?: number }) => Promise<void>;
  /** Resolves once it has exited (at once if it already has). */
  exited: () => Promise<void>;
  /** SIGTERM (a clean stop) unless it is gone already; resolves once it has exited. */
  stop: () => Promise<void>;
};

/**
 * Spawns `scripts/worker.ts` exactly as `npm run worker` runs it (tsx, react-server conditions)
 * with this process's environment overridden by `env` (an undefined value removes a variable).
 */
export function spawnWorkerProcess(
  input: { env?: Record<string, string | undefined> } = {},
): WorkerProcess {
  const env: Record<string, string | undefined> = { ...process.env, ...input.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"],
    { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    pid: child.pid as number,
    output: () => output,
    waitForOutput: ({ text, timeoutMs = 60_000 }) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (output.includes(text)) done();
        };
        const onExit = (code: number | null, signal: string | null) =>
          done(new Error(`worker exited (${code ?? signal}) before "${text}":\n${output}`));
        const timer = setTimeout(
          () => done(new Error(`worker never printed "${text}":\n${output}`)),
          timeoutMs,
        );
        listeners.add(check);
        child.once("exit", onExit);
        check();
      }),
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

/** Spawns a worker (see spawnWorkerProcess) and waits for "job worker ready". */
export async function startWorkerProcess(
  input: { env?: Record<string, string | undefined>; readyTimeoutMs?: number } = {},
): Promise<WorkerProcess> {
  const worker = spawnWorkerProcess(input);
  await worker.waitForOutput({ text: "job worker ready", timeoutMs: input.readyTimeoutMs });
  return worker;
}
