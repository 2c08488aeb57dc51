import "server-only";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** Reads postmaster.pid; returns the server only when its process is alive and is postgres. */
export async function findRunningServer(
  dataDirectory: string,
): Promise<{ pid: number; port: number } | undefined> {
  let content: string;
  try {
    content = await readFile(path.join(dataDirectory, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const lines = content.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !(await isPostmasterAlive(pid))) return undefined;
  return { pid, port };
}

/** Whether `pid` is a live (not zombie) postgres process. */
export async function isPostmasterAlive(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return commandLine.includes("postgres");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // PID 1 here may not reap orphans: a zombie answers kill(0) but is gone.
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

export async function stopProcess(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  if (await waitForExit(pid, 15_000)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}
