import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listRepositoryTextFiles } from "@/lib/testing/repository-text-files";

// Every requirement ID the repository cites must resolve inside it: docs/requirements.md has one
// entry per ID, and no file points at documents that live outside the repository.

const root = path.resolve(import.meta.dirname, "..");
const requirementsPath = "docs/requirements.md";
const requirements = readFileSync(path.join(root, requirementsPath), "utf8");
const files = listRepositoryTextFiles({ root });

// The families are the catalogue's section tags, "## 8. Approval pause and continue (AP)": an
// ID-like string of another prefix (UTF-8, LGPL-3, ES2022) is not a requirement tag.
const families = [...requirements.matchAll(/^## \d+\. .+ \(([A-Z]+)\)$/gm)].map((m) => m[1]);
const tagPattern = new RegExp(`\\b(?:${families.join("|")})-\\d+\\b`, "g");

// An entry: `- <a id="rc-5"></a>**RC-5** — …`, findable by searching the ID or linking #rc-5.
const entries = [...requirements.matchAll(/^- <a id="([a-z]+-\d+)"><\/a>\*\*([A-Z]+-\d+)\*\*/gm)];
const documented = new Set(entries.map((entry) => entry[2]));

// Team documents kept outside the repository; the product may neither depend on nor mention
// them. Spelled in pieces so this file does not match itself.
const outsideDocuments = ["CONTRACT", "SPEC", "DESIGN", "STACK"];
const outsideDocumentPattern = new RegExp(`\\b(?:${outsideDocuments.join("|")})(?:\\.md)?\\b`);
const outsideFolderPattern = new RegExp(`(?:\\.\\./|/work/)${"shared"}\\b`);
const thisFile = "lib/requirement-tags.test.ts";

/** Each cited tag with the files citing it. */
function citedTags(): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const file of files) {
    if (file.path === requirementsPath) continue;
    for (const match of file.text.matchAll(tagPattern)) {
      const citing = cited.get(match[0]) ?? [];
      if (!citing.includes(file.path)) citing.push(file.path);
      cited.set(match[0], citing);
    }
  }
  return cited;
}

describe("requirement tags", () => {
  it("reads the families and entries of docs/requirements.md", () => {
    expect(families).toEqual(expect.arrayContaining(["AF", "SS", "RC", "PS", "SEC"]));
    expect(entries.length).toBeGreaterThanOrEqual(families.length);
    expect(citedTags().size).toBeGreaterThan(0);
  });

  it("gives every entry one anchor that spells its own ID", () => {
    for (const [, anchor, id] of entries) expect(anchor).toBe(id.toLowerCase());
    expect(documented.size).toBe(entries.length);
    for (const id of documented) expect(families).toContain(id.split("-")[0]);
  });

  it("documents every tag the repository cites", () => {
    const missing = [...citedTags()]
      .filter(([tag]) => !documented.has(tag))
      .map(([tag, citing]) => `${tag} (${citing.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("mentions no document or folder that lives outside the repository", () => {
    const mentions: string[] = [];
    for (const file of files) {
      if (file.path === thisFile) continue;
      file.text.split("\n").forEach((line, index) => {
        if (outsideDocumentPattern.test(line) || outsideFolderPattern.test(line)) {
          mentions.push(`${file.path}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(mentions).toEqual([]);
  });
});
