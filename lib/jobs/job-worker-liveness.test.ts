import os from "node:os";
import { describe, expect, it } from "vitest";
import { executorId } from "@/lib/process/executor-id";
import { proveWorkerGone } from "./job-worker-liveness";

// pid 2^22+1 is above Linux's pid_max: no process has it.
const deadHere = `${os.hostname()}:4194305:1:dead`;
const elsewhere = "another-host:77:1:cafe";

describe("proveWorkerGone", () => {
  it("keeps this worker's own jobs, listed or not (a claim still registering is no orphan)", () => {
    const self = { workerId: executorId(), lockKey: 42 };
    expect(
      proveWorkerGone({
        job: { workerId: self.workerId, workerLockKey: 42, workerLockHeld: true },
        self,
      }),
    ).toBeNull();
  });

  it("settles a job of an earlier worker of this very process once its lock is gone", () => {
    const self = { workerId: executorId(), lockKey: 42 };
    expect(
      proveWorkerGone({
        job: { workerId: self.workerId, workerLockKey: 7, workerLockHeld: false },
        self,
      }),
    ).toMatchObject({ evidence: "lock" });
  });

  it("proves a worker of this host gone by its process, whatever its lock", () => {
    expect(
      proveWorkerGone({ job: { workerId: deadHere, workerLockKey: 9, workerLockHeld: true } }),
    ).toEqual({ evidence: "process", reason: `worker ${deadHere} has exited` });
  });

  it("judges a worker of another host by its lock only", () => {
    expect(
      proveWorkerGone({ job: { workerId: elsewhere, workerLockKey: 9, workerLockHeld: true } }),
    ).toBeNull();
    expect(
      proveWorkerGone({ job: { workerId: elsewhere, workerLockKey: 9, workerLockHeld: false } }),
    ).toMatchObject({ evidence: "lock", reason: expect.stringContaining("lock 9 is gone") });
    // No lock recorded and no process to read: nothing proves it gone.
    expect(
      proveWorkerGone({ job: { workerId: elsewhere, workerLockKey: null, workerLockHeld: false } }),
    ).toBeNull();
  });

  it("settles a running job that names no worker", () => {
    expect(
      proveWorkerGone({ job: { workerId: null, workerLockKey: null, workerLockHeld: false } }),
    ).toMatchObject({ evidence: "no-worker" });
  });
});
