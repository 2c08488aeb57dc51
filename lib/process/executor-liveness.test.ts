import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { spawnUnreaped, type UnreapedChild, waitForZombie } from "@/tests/support/unreaped-child";
import { executorId, parseExecutorId } from "./executor-id";
import { executorLiveness, isExecutorGone } from "./executor-liveness";
import { readProcessStat } from "./process-stat";

const host = os.hostname();
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function startTicks(pid: number): string {
  const read = readProcessStat({ pid });
  if (read.kind !== "present") throw new Error(`no stat for ${pid}`);
  return read.stat.startTicks;
}

async function liveSleeper(): Promise<ChildProcess> {
  const child = spawn("/bin/sleep", ["1000"], { stdio: "ignore" });
  cleanups.push(() => {
    child.kill("SIGKILL");
  });
  await new Promise((resolve) => child.once("spawn", resolve));
  return child;
}

describe("executor ids", () => {
  it("record host, pid and process start time; old ids without a start time still parse", () => {
    expect(parseExecutorId({ executorId: executorId() })).toEqual({
      host,
      pid: process.pid,
      startTicks: startTicks(process.pid),
    });
    expect(parseExecutorId({ executorId: "box:42:1a2b3c4d" })).toEqual({
      host: "box",
      pid: 42,
      startTicks: null,
    });
    expect(parseExecutorId({ executorId: "dead-executor" })).toBeNull();
    expect(parseExecutorId({ executorId: "box:-1:1a2b3c4d" })).toBeNull();
  });
});

describe("executor liveness (PS-4)", () => {
  it("a SIGKILLed executor nobody reaped is gone, though kill(pid, 0) still succeeds on it", async () => {
    const zombie: UnreapedChild = await spawnUnreaped({ command: "/bin/sleep", args: ["1000"] });
    cleanups.push(zombie.close);
    const id = `${host}:${zombie.pid}:${startTicks(zombie.pid)}:feedbeef`;
    expect(executorLiveness({ executorId: id })).toBe("alive");
    process.kill(zombie.pid, "SIGKILL");
    await waitForZombie({ pid: zombie.pid, timeoutMs: 5_000 });
    // The trap: signal 0 reaches a zombie, so it would look alive.
    expect(() => process.kill(zombie.pid, 0)).not.toThrow();
    expect(executorLiveness({ executorId: id })).toBe("gone");
    expect(isExecutorGone({ executorId: id })).toBe(true);
    // An id in the old format (no start time) is gone too: whoever holds the pid has exited.
    expect(isExecutorGone({ executorId: `${host}:${zombie.pid}:feedbeef` })).toBe(true);
  });

  it("a pid now held by another process (another start time) is gone", async () => {
    const sleeper = await liveSleeper();
    const pid = sleeper.pid as number;
    const other = String(Number(startTicks(pid)) - 1);
    expect(executorLiveness({ executorId: `${host}:${pid}:${other}:feedbeef` })).toBe("gone");
  });

  it("the same pid with the same start time is alive", async () => {
    const sleeper = await liveSleeper();
    const pid = sleeper.pid as number;
    expect(executorLiveness({ executorId: `${host}:${pid}:${startTicks(pid)}:feedbeef` })).toBe(
      "alive",
    );
    expect(executorLiveness({ executorId: executorId() })).toBe("alive");
  });

  it("a vanished pid is gone; what the process table cannot decide is left to the heartbeat", async () => {
    expect(executorLiveness({ executorId: `${host}:${2 ** 22 + 1}:1:feedbeef` })).toBe("gone");
    expect(executorLiveness({ executorId: `${host}:${2 ** 22 + 1}:feedbeef` })).toBe("gone");
    const sleeper = await liveSleeper();
    // Old format, live pid: it may be reused, so only the heartbeat can tell.
    expect(executorLiveness({ executorId: `${host}:${sleeper.pid}:feedbeef` })).toBe("unknown");
    expect(executorLiveness({ executorId: `elsewhere:${process.pid}:1:feedbeef` })).toBe("unknown");
    expect(executorLiveness({ executorId: "dead-executor" })).toBe("unknown");
  });
});
