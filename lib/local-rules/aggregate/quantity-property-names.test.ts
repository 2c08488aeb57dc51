import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";
import { propertyCarriesQuantity, propertyForQuantity } from "./quantity-property-names";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Ports and the shipments between them; each shipment row carries its transit time and the sum
// it is insured for under qualified names. By hand: transit days 4 + 10 + 7 = 21, average 7;
// insured 120.5 + 300 + 79.5 = 500; each port's visitors: Kiel 900, Gdansk 1500, Riga 700.
const dump = [
  "CREATE TABLE ports (id integer PRIMARY KEY, name text NOT NULL, visitors integer);",
  "CREATE TABLE shipments (from_port integer NOT NULL REFERENCES ports(id), to_port integer NOT NULL REFERENCES ports(id), transit_days integer NOT NULL, insured_sum numeric NOT NULL);",
  "INSERT INTO ports VALUES (1, 'Kiel', 900), (2, 'Gdansk', 1500), (3, 'Riga', 700);",
  "INSERT INTO shipments VALUES (1, 2, 4, 120.5), (2, 3, 10, 300), (3, 1, 7, 79.5);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("a quantity word read as a qualified property name", { timeout: 180_000 }, () => {
  it("matches a compound name holding the word, an exact name first", () => {
    expect(propertyCarriesQuantity("loan_days", "days")).toBe(true);
    expect(propertyCarriesQuantity("daysOpen", "days")).toBe(true);
    expect(propertyCarriesQuantity("holidays", "days")).toBe(false);
    const properties = [{ name: "insured_amount" }, { name: "amount" }];
    expect(propertyForQuantity(properties, ["amount"])?.name).toBe("amount");
    expect(propertyForQuantity([{ name: "a_days" }, { name: "b_days" }], ["days"])).toBe(undefined);
  });

  it("averages and sums a link table's qualified figures", async () => {
    expect(await lead("平均每批货运输要多少天？")).toMatch(/\b7\b/);
    expect(await lead("所有货运的保险金额加起来是多少？")).toMatch(/\b500\b/);
    expect(await lead("What is the average number of days a shipment takes?")).toMatch(/\b7\b/);
  });

  it("reads 'summed' and 'how much' as a sum of the figure a word of its name names", async () => {
    expect(await lead("How much were all the shipments insured for, summed?")).toMatch(/\b500\b/);
    expect(await lead("What's the insured sum of all shipments, summed?")).toMatch(/\b500\b/);
  });

  it("reads a Chinese word for visitors as the property", async () => {
    expect(await lead("哪个港口的观众最多？")).toMatch(/Gdansk/);
  });
});
