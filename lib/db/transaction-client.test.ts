import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanSourceFiles } from "@/lib/testing/source-imports";

// The Transaction a workflow passes around is opaque: only lib/db turns it back into a Prisma
// client, so no query is written outside lib/db.

const files = scanSourceFiles({ root: path.resolve(import.meta.dirname, "../..") });

describe("transaction client", () => {
  it("is reached only from inside lib/db", () => {
    const importers = [...files.values()].filter((file) =>
      file.imports.some((entry) => entry.resolved === "lib/db/transaction-client.ts"),
    );
    // A scan that resolves nothing would pass: lib/db's own users must be seen.
    expect(importers.map((file) => file.path)).toContain("lib/db/queries/session-lock.ts");
    expect(
      importers.filter((file) => !file.path.startsWith("lib/db/")).map((file) => file.path),
    ).toEqual([]);
  });
});
