import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Live (not zombie) processes whose environment holds `marker`. */
function enginesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, "latin1");
      if (!environ.includes(marker)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (state !== "Z") found.push(Number(entry));
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return found;
}

describe("the SQL engine process", () => {
  // It finds the engine process through /proc, which only Linux has (CI and every machine here).
  it.runIf(process.platform === "linux")(
    "ends when its server is killed mid-query, instead of running the query on alone",
    async () => {
      const marker = mkdtempSync(path.join(tmpdir(), "query-engine-orphan-"));
      try {
        const script = path.join(import.meta.dirname, "testing", "kill-server-mid-query.ts");
        const server = spawn(process.execPath, ["--import", "tsx", script], {
          env: { ...process.env, TMPDIR: marker },
          stdio: ["ignore", "pipe", "inherit"],
        });
        let output = "";
        server.stdout.on("data", (chunk) => {
          output += String(chunk);
        });
        await new Promise<void>((resolve) => server.once("exit", () => resolve()));
        expect(output).toContain("running");
        // The server is gone; its engine must follow within about a second.
        let left = enginesWith(marker);
        for (let waited = 0; left.length > 0 && waited < 5_000; waited += 250) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          left = enginesWith(marker);
        }
        for (const pid of left) process.kill(pid, "SIGKILL");
        expect(left).toEqual([]);
      } finally {
        rmSync(marker, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
