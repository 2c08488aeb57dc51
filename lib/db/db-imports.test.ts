import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanSourceFiles } from "@/lib/testing/source-imports";

// lib/db is the bottom layer: the client, locks and plain reads and writes. The workflows that
// decide (lib/runs, lib/memory, …) call it, never the reverse.

const files = scanSourceFiles({ root: path.resolve(import.meta.dirname, "../..") });

/** What lib/db may reach besides itself: wire shapes, error classes, configuration. */
const allowed = /^(lib\/(db|contracts|errors|env|process-registry)[/.]|generated\/)/;

describe("lib/db imports", () => {
  it("imports no domain folder", () => {
    // A scan that resolves nothing would pass: one known edge must be seen.
    const runs = files.get("lib/db/queries/runs.ts");
    expect(runs?.imports.map((entry) => entry.resolved)).toContain("lib/contracts/run-status.ts");
    const edges = [...files.values()]
      .filter((file) => file.path.startsWith("lib/db/") && !/\.test\.ts$/.test(file.path))
      .flatMap((file) =>
        file.imports
          .filter((entry) => entry.resolved !== null && !allowed.test(entry.resolved))
          .map((entry) => `${file.path} -> ${entry.resolved}`),
      );
    expect(edges).toEqual([]);
  });

  it("lets only lib/db see through the opaque Transaction", () => {
    const edges = [...files.values()]
      .filter((file) => !file.path.startsWith("lib/db/"))
      .flatMap((file) =>
        file.imports
          .filter((entry) => entry.resolved === "lib/db/transaction-client.ts")
          .map((entry) => `${file.path} -> ${entry.resolved}`),
      );
    expect(edges).toEqual([]);
  });
});
