import { type ChildProcess, spawn } from "node:child_process";
import { readProcessStat } from "@/lib/process/process-stat";

// Node reaps its own children, so a child it spawns never stays a zombie. This Perl parent
// forks the real child and then never waits for it: killed, the child stays a zombie, as a
// SIGKILLed server does on machines whose PID 1 reaps nothing. It prints `UNREAPED <pid>` first;
// on SIGTERM it kills and reaps the child, so a test leaves no zombie behind.
const keeper = `
$| = 1;
my $pid = fork();
die "fork: $!" unless defined $pid;
if ($pid == 0) { exec { $ARGV[0] } @ARGV or die "exec: $!"; }
print "UNREAPED $pid\\n";
$SIG{TERM} = sub { kill 'KILL', $pid; waitpid($pid, 0); exit 0; };
sleep 1 while 1;
`;

export type UnreapedChild = {
  /** The real child's pid (the wrapper's child). */
  pid: number;
  /** The Perl parent that never reaps it. */
  wrapper: ChildProcess;
  /** Resolves with the first stdout line (of child or wrapper) that `match` accepts. */
  waitForLine: (input: { match: (line: string) => boolean; timeoutMs: number }) => Promise<string>;
  /** Kills the child, lets the wrapper reap it, and ends the wrapper. */
  close: () => Promise<void>;
};

/** Spawns `command` under a parent that never reaps it (stderr inherited, stdout captured). */
export async function spawnUnreaped(input: {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<UnreapedChild> {
  const wrapper = spawn("/usr/bin/perl", ["-e", keeper, input.command, ...input.args], {
    env: input.env ?? process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = "";
  wrapper.stdout?.on("data", (chunk) => {
    partial += String(chunk);
    const complete = partial.split("\n");
    partial = complete.pop() ?? "";
    lines.push(...complete);
    for (const wake of waiters) wake();
  });
  const waitForLine: UnreapedChild["waitForLine"] = ({ match, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const line = lines.find(match);
        if (line === undefined) return;
        finish();
        resolve(line);
      };
      const onExit = (code: number | null) => {
        finish();
        reject(new Error(`unreaped child's wrapper exited early (${code})`));
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error("no matching line from the unreaped child in time"));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
        wrapper.off("exit", onExit);
      };
      waiters.add(check);
      wrapper.once("exit", onExit);
      check();
    });
  const announced = await waitForLine({
    match: (line) => line.startsWith("UNREAPED "),
    timeoutMs: 10_000,
  });
  const pid = Number(announced.slice("UNREAPED ".length));
  const close = async () => {
    if (wrapper.exitCode !== null || wrapper.signalCode !== null) return;
    const exited = new Promise((resolve) => wrapper.once("exit", resolve));
    wrapper.kill("SIGTERM");
    await exited;
  };
  return { pid, wrapper, waitForLine, close };
}

/** Waits until /proc says `pid` is a zombie (killed, and nobody reaped it). */
export async function waitForZombie(input: { pid: number; timeoutMs: number }): Promise<void> {
  const started = Date.now();
  for (;;) {
    const read = readProcessStat({ pid: input.pid });
    if (read.kind === "present" && read.stat.state === "Z") return;
    if (Date.now() - started > input.timeoutMs) {
      throw new Error(`process ${input.pid} did not become a zombie (${JSON.stringify(read)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
