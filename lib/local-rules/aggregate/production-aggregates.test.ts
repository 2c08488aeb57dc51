import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A record-label dump: albums hold a label's key, sessions link an album to a musician with the
// musician's fee. Counted by hand: Blue Harbor (albums 1, 2) paid 300 + 200 + 150 = 650;
// German musicians (Jonas, Lena) earned 300, 150 and 100: an average of 183.33 per session;
// albums after 2018: 3 (2019, 2021), 2 when 2019 is excluded; gross per label: Blue Harbor
// 90 + 40 = 130, Northgate 120; albums with a German musician: 1 and 3.
const dump = [
  "CREATE TABLE labels (id integer PRIMARY KEY, name text NOT NULL, city text);",
  "CREATE TABLE albums (id integer PRIMARY KEY, title text NOT NULL, year integer, gross numeric, label_id integer REFERENCES labels(id));",
  "CREATE TABLE musicians (id integer PRIMARY KEY, name text NOT NULL, nationality text);",
  "CREATE TABLE sessions (album_id integer NOT NULL REFERENCES albums(id), musician_id integer NOT NULL REFERENCES musicians(id), fee integer NOT NULL, PRIMARY KEY (album_id, musician_id));",
  "INSERT INTO labels VALUES (1, 'Blue Harbor Records', 'Bristol'), (2, 'Northgate Sound', 'Oslo');",
  "INSERT INTO albums VALUES (1, 'Tide Songs', 2017, 90, 1), (2, 'Low Lights', 2019, 40, 1), (3, 'Cold Frame', 2021, 120, 2);",
  "INSERT INTO musicians VALUES (1, 'Jonas Weber', 'Germany'), (2, 'Ama Owusu', 'Ghana'), (3, 'Lena Vogel', 'Germany');",
  "INSERT INTO sessions VALUES (1, 1, 300), (2, 2, 200), (1, 3, 150), (3, 3, 100), (3, 2, 250);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("aggregates across a dump's foreign keys and link table", { timeout: 180_000 }, () => {
  it("sums what a named node paid along the keys, the payees being the link's far end", async () => {
    expect(await lead("How much did Blue Harbor Records pay its musicians in total?")).toMatch(
      /\b650\b/,
    );
  });

  it("reads a nationality from its adjective or its Chinese name, per link row", async () => {
    expect(await lead("What is the average fee of German musicians?")).toMatch(/183\.3/);
    expect(await lead("德国籍乐手每次参与的平均报酬是多少？")).toMatch(/183\.3/);
    expect(await lead("How many albums feature at least one German musician?")).toMatch(/\b2\b/);
  });

  it("keeps or drops a bound as its clarifier says", async () => {
    expect(await lead("How many albums came out after 2018 (2019 not included)?")).toMatch(/\b2\b/);
    expect(await lead("2019 年以后（含 2019 年）发行的专辑有几张？")).toMatch(/\b2\b/);
    expect(await lead("2018 年以后（不含 2018 年）发行的专辑有几张？")).toMatch(/\b2\b/);
  });

  it("sums a figure per key target when the question says 'summing' and 'on top'", async () => {
    expect(await lead("Summing gross by city, which city comes out on top?")).toMatch(/^Bristol\b/);
    expect(await lead("哪位乐手的报酬总额最高？")).toMatch(/Ama Owusu（musicians:2），450/);
  });

  it("reads a yes/no about two rows of different tables whichever way the key runs", async () => {
    expect(await lead("Did Jonas Weber play on Tide Songs?")).toMatch(/^Yes/);
    expect(await lead("Jonas Weber 参与过 Cold Frame 吗？")).toMatch(/^否/);
  });
});
