import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Margins: Kettle 40 − 25 = 15, Lamp 90 − 80 = 10, Stool 60 − 20 = 40 (the highest), though
// the Lamp has the highest price.
const dump = [
  "CREATE TABLE makers (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE products (id integer PRIMARY KEY, name text NOT NULL, price numeric, cost numeric, maker_id integer REFERENCES makers(id));",
  "INSERT INTO makers VALUES (1, 'Oakworks');",
  "INSERT INTO products VALUES (1, 'Kettle', 40, 25, 1), (2, 'Lamp', 90, 80, 1), (3, 'Stool', 60, 20, 1);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("nodes ranked by two of their figures combined", { timeout: 180_000 }, () => {
  it("ranks by one figure minus the other, in English and Chinese", async () => {
    expect(await lead("Which product has the biggest margin, price minus cost?")).toBe(
      "Stool (products:3) has the highest price − cost: 40.",
    );
    expect(await lead("售价减去成本最高的产品是哪个？")).toMatch(
      /^Stool \(products:3\) 的 price − cost 最高：40/,
    );
  });
});
