import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "./command-process";

describe("runProcess", () => {
  let directory: string;
  const base = { env: { PATH: "/usr/bin:/bin" }, timeoutMs: 10_000, maxOutputBytes: 1000 };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "ws-process-"));
    await writeFile(path.join(directory, "small.txt"), "last line\n");
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("stops at the stdout cap and flags the truncation", async () => {
    const outcome = await runProcess({
      ...base,
      file: "/usr/bin/head",
      args: ["-c", "1000000", "/dev/zero"],
      cwd: directory,
    });
    expect(outcome.stdout.length).toBe(1000);
    expect(outcome.stdoutTruncated).toBe(true);
    expect(outcome.stoppedBy).toBe("output-limit");
  });

  it("cuts stderr at the cap without stopping the command", async () => {
    const missing = Array.from({ length: 100 }, (_, index) => `missing-file-${index}`);
    const outcome = await runProcess({
      ...base,
      file: "/usr/bin/cat",
      args: [...missing, "small.txt"],
      cwd: directory,
    });
    expect(outcome.stderrTruncated).toBe(true);
    expect(outcome.stderr.length).toBe(1000);
    expect(outcome.stdout.toString()).toBe("last line\n");
    expect(outcome).toMatchObject({ exitCode: 1, stoppedBy: null });
  });

  it("passes only the given environment and no shell", async () => {
    const outcome = await runProcess({
      ...base,
      file: "/usr/bin/echo",
      args: ["$HOME", "`id`", "a;b"],
      cwd: directory,
    });
    expect(outcome.stdout.toString()).toBe("$HOME `id` a;b\n");
  });

  it("kills the command at the wall-clock limit", async () => {
    const outcome = await runProcess({
      ...base,
      timeoutMs: 300,
      file: "/usr/bin/tail",
      args: ["-f", "small.txt"],
      cwd: directory,
    });
    expect(outcome.stoppedBy).toBe("timeout");
    expect(outcome.signal).toBe("SIGKILL");
    expect(outcome.stdout.toString()).toBe("last line\n");
  });
});
