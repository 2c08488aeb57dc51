import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanSourceFiles } from "@/lib/testing/source-imports";

// Clients and tests validate with these schemas (tool inputs, the tool envelope) in place of
// hand-kept copies; that only works while importing one pulls in no server-only module.
describe("lib/contracts", () => {
  it("reaches no server-only module through its runtime imports", () => {
    const files = scanSourceFiles({ root: path.resolve(import.meta.dirname, "../..") });
    const contracts = [...files.values()].filter(
      (file) => file.path.startsWith("lib/contracts/") && !file.path.endsWith(".test.ts"),
    );
    expect(contracts.length).toBeGreaterThan(20);
    const reached: string[] = [];
    const seen = new Set<string>();
    const queue = contracts.map((file) => file.path);
    while (queue.length > 0) {
      const file = files.get(queue.shift() as string);
      if (!file || seen.has(file.path)) continue;
      seen.add(file.path);
      if (file.serverOnly) reached.push(file.path);
      for (const entry of file.imports) {
        if (!entry.typeOnly && entry.resolved) queue.push(entry.resolved);
      }
    }
    expect(reached).toEqual([]);
  });
});
