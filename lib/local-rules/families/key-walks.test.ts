import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Plays remade from plays: Ashes Again remakes Ashes, which remakes First Ashes; every play
// has a theatre, so a walk over every link would reach the theatre and its other plays too.
const dump = [
  "CREATE TABLE theatres (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE plays (id integer PRIMARY KEY, title text NOT NULL, theatre_id integer REFERENCES theatres(id), remake_of integer REFERENCES plays(id));",
  "INSERT INTO theatres VALUES (1, 'Old Vic Hall');",
  "INSERT INTO plays VALUES (1, 'First Ashes', 1, NULL), (2, 'Ashes', 1, 1), (3, 'Ashes Again', 1, 2), (4, 'Other Light', 1, NULL);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("a walk along a self-referencing key the question names by its column", {
  timeout: 60_000,
}, () => {
  it("follows only that key, the way it points", async () => {
    for (const question of [
      "Following the remake links back, how many earlier plays does Ashes Again lead to?",
      "How many plays can be reached from Ashes Again by following remake links?",
    ]) {
      expect(await lead(question)).toMatch(/^Ashes Again \(plays:3\) can reach 2 plays/);
    }
  });
});

describe("the share of rows that hold a key to their own table", { timeout: 180_000 }, () => {
  it("counts the holders over the table, named by the key's column in English or Chinese", async () => {
    expect(await lead("What share of the plays are remakes?")).toBe(
      "50 % of the plays have a remake_of (2 of 4, a share of 0.5000).",
    );
    expect(await lead("翻拍剧目占全部剧目的比例是多少？")).toMatch(
      /（4 个中有 2 个，比例 0\.5000）/,
    );
  });
});
