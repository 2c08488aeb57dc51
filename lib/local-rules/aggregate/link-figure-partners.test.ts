import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Albums with their session players: each session row carries the player's fee and hours.
// Counted by hand: players of the
// Harbor studio (Jonas, Lena) earned 300 + 150 + 100 = 550; hours in total 4 + 6 + 3 + 5 + 2
// = 20; album fees: Tide Songs 450, Low Lights 200, Cold Frame 350; fees per player: Jonas
// 300, Ama 450, Lena 250.
const dump = [
  "CREATE TABLE studios (id integer PRIMARY KEY, name text NOT NULL, city text);",
  "CREATE TABLE musicians (id integer PRIMARY KEY, name text NOT NULL, studio_id integer REFERENCES studios(id));",
  "CREATE TABLE albums (id integer PRIMARY KEY, title text NOT NULL, year integer);",
  "CREATE TABLE sessions (album_id integer NOT NULL REFERENCES albums(id), musician_id integer NOT NULL REFERENCES musicians(id), fee integer NOT NULL, hours integer NOT NULL, PRIMARY KEY (album_id, musician_id));",
  "INSERT INTO studios VALUES (1, 'Harbor Rooms', 'Bristol'), (2, 'Fjord Hall', 'Oslo');",
  "INSERT INTO musicians VALUES (1, 'Jonas Weber', 1), (2, 'Ama Owusu', 2), (3, 'Lena Vogel', 1);",
  "INSERT INTO albums VALUES (1, 'Tide Songs', 2017), (2, 'Low Lights', 2019), (3, 'Cold Frame', 2021);",
  "INSERT INTO sessions VALUES (1, 1, 300, 4), (2, 2, 200, 6), (1, 3, 150, 3), (3, 3, 100, 5), (3, 2, 250, 2);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("a figure of link rows asked of 'co-' partners", { timeout: 180_000 }, () => {
  it("sums the link rows' own figure, filtered along their keys or grouped by an end", async () => {
    expect(
      await lead("How much fee in total has gone to co-performers based at Harbor Rooms?"),
    ).toMatch(/\b550\b/);
    expect(await lead("How many hours of co-musician work are recorded in total?")).toMatch(
      /\b20\b/,
    );
    expect(
      await lead("On which album did the co-performers receive the most fee altogether?"),
    ).toMatch(/Tide Songs/);
  });

  it("ranks the link's far end by the figure when the question names the near end", async () => {
    expect(
      await lead("Which co-performer has been allocated the most fee across all albums?"),
    ).toMatch(/^Ama Owusu \(musicians:2\)/);
  });
});
