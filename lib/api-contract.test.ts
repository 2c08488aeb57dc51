import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/errors/error-codes";

// docs/api.md is the contract: its error table and tool list must say what the code does.

const root = path.resolve(import.meta.dirname, "..");
const api = readFileSync(path.join(root, "docs/api.md"), "utf8");

/** The rows of the "Error codes" section: code → status. */
function documentedErrorStatuses(): Map<string, number> {
  const section = api.slice(api.indexOf("## Error codes"));
  const rows = section.matchAll(/^\| `([A-Z][A-Z_]+)` \| (\d{3}) \|/gm);
  return new Map([...rows].map((row) => [row[1], Number(row[2])]));
}

/** The names the engine's MCP tools are registered under (one file per tool). */
function engineToolNames(): string[] {
  const folder = path.join(root, "lib/mcp/tools");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .flatMap((name) => {
      const match = readFileSync(path.join(folder, name), "utf8").match(/\bname: "([a-z_]+)"/);
      return match ? [match[1]] : [];
    });
}

describe("docs/api.md", () => {
  it("lists every error code with the status error-codes.ts gives it, and no other", () => {
    expect(Object.fromEntries(documentedErrorStatuses())).toEqual(errorStatus);
  });

  it("describes every MCP tool the engine serves", () => {
    const names = engineToolNames();
    expect(names.length).toBeGreaterThan(20);
    const section = api.slice(api.indexOf("## MCP tools"), api.indexOf("## Error codes"));
    expect(names.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
