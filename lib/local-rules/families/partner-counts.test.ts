import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Books hold a publisher's key and an editor's: Ann Reyes edits for Kestrel and Moss Lane, Bo
// Lund for Kestrel alone, Cy Moreau twice for Moss Lane — one editor works for two publishers.
const dump = [
  "CREATE TABLE publishers (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE editors (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE books (id integer PRIMARY KEY, title text NOT NULL, publisher_id integer REFERENCES publishers(id), editor_id integer REFERENCES editors(id));",
  "INSERT INTO publishers VALUES (1, 'Kestrel Books'), (2, 'Moss Lane Press');",
  "INSERT INTO editors VALUES (1, 'Ann Reyes'), (2, 'Bo Lund'), (3, 'Cy Moreau');",
  "INSERT INTO books VALUES (1, 'North Wind', 1, 1), (2, 'Salt Roads', 2, 1), (3, 'Paper Moon', 1, 2), (4, 'Quiet Field', 2, 3), (5, 'Long Shore', 2, 3);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("nodes linked to several different nodes of a kind", { timeout: 180_000 }, () => {
  it("counts them through the rows between, in English and Chinese", async () => {
    const one =
      /^1 editors? (?:is|are) linked to at least 2 different publishers: Ann Reyes \(editors:1\)/;
    expect(await lead("How many editors have edited books for more than one publisher?")).toMatch(
      one,
    );
    expect(await lead("Which editors have worked for multiple publishers?")).toMatch(one);
    expect(await lead("有几位编辑为不止一家出版社编过书？")).toMatch(
      /^共有 1 个 editors 与至少 2 个不同的 publishers 相连/,
    );
  });
});
