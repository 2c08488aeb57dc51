import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";
import { endOfPrice, isPriceProperty } from "./price-direction";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A livestock market: each link is a sale of animals from the selling farm (source) to the
// buying farm (target), with the head of stock moved and the price paid in thousands. By hand:
// Oakfield sold for 40 + 25 = 65 and bought for 10; Millbrook bought for 40 + 5 = 45 and sold
// nothing; Hazel Row sold for 10 + 5 = 15 and bought for 25.
const nodes = ["id,region", "Oakfield,upland", "Millbrook,upland", "Hazel Row,lowland"].join("\n");
const edges = [
  "source,target,head,price_k",
  "Oakfield,Millbrook,12,40",
  "Oakfield,Hazel Row,30,25",
  "Hazel Row,Oakfield,2,10",
  "Hazel Row,Millbrook,1,5",
].join("\n");

const lead = csvGraphLead({ edges, nodes }, { directed: true });

describe("a price on a link", () => {
  it("is a property whose name says fee or price", () => {
    expect(isPriceProperty("price_k")).toBe(true);
    expect(isPriceProperty("fee_m")).toBe(true);
    expect(isPriceProperty("unitPrice")).toBe(true);
    expect(isPriceProperty("amount")).toBe(false);
    expect(isPriceProperty("office")).toBe(false);
  });

  it("is spent by the buyer and earned by the seller", () => {
    expect(endOfPrice("Which farm spent the most?", "source")).toBe("target");
    expect(endOfPrice("Which farm earned the most from selling?", "target")).toBe("source");
    expect(endOfPrice("哪个农场买牲畜花的钱最多？", "either")).toBe("target");
    expect(endOfPrice("What is the total price?", "either")).toBe("either");
  });
});

describe("sums of a price per farm", { timeout: 120_000 }, () => {
  it("credits the buyer with what was spent", async () => {
    for (const question of [
      "Which farm spent the most money on livestock?",
      "Who paid the highest total in fees for the animals it bought?",
      // The head of stock moved is named too; the money is still the price (Hazel Row bought
      // the most head).
      "Which farm spent the most money buying head of stock?",
    ]) {
      expect(await lead(question)).toMatch(/Millbrook/);
    }
    expect(await lead("How much money did Hazel Row spend in total?")).toMatch(/\b25\b/);
  });

  it("credits the seller with what was earned", async () => {
    for (const question of [
      "Which farm made the most money from its sales?",
      "哪个农场卖牲畜的收入最多？",
    ]) {
      expect(await lead(question)).toMatch(/Oakfield/);
    }
    expect(await lead("How much did Hazel Row earn from selling stock?")).toMatch(/\b15\b/);
  });
});

describe("a price summed per group with the groups listed", { timeout: 120_000 }, () => {
  it("reads the listed values as the choices, not as filters", async () => {
    // The upland farms sold for 65 (Oakfield), the lowland ones for 15 (Hazel Row).
    for (const question of [
      "Which region earned the most money from sales - upland or lowland?",
      "Which region made the most money selling stock, upland or lowland?",
    ]) {
      expect(await lead(question)).toMatch(/^upland\b/);
    }
  });
});
