import { describe, expect, it } from "vitest";
import { headLooksLikeNodeTable, pairStem, planUploads } from "./upload-pairs";

const edges = "source,target,weight\n1,2,3\n";
const payments = "payer,payee,amount\nalice,bob,12\n";
const nodes = "id,club,country\n1,red,FR\n";

describe("headLooksLikeNodeTable", () => {
  it("knows a node table by an id column and no endpoint column", () => {
    expect(headLooksLikeNodeTable(nodes)).toBe(true);
    expect(headLooksLikeNodeTable("# accounts\nNode_ID;Club\n1;red\n")).toBe(true);
    expect(headLooksLikeNodeTable(edges)).toBe(false);
    expect(headLooksLikeNodeTable("id,source,target\n")).toBe(false);
    expect(headLooksLikeNodeTable("")).toBe(false);
  });
});

describe("pairStem", () => {
  it("drops the words that name the half of a pair", () => {
    expect(pairStem("karate_edges.csv")).toBe("karate");
    expect(pairStem("karate_nodes.csv")).toBe("karate");
    expect(pairStem("Payments-Node-Table.csv")).toBe("payments");
    expect(pairStem("payments.csv")).toBe("payments");
  });
});

describe("planUploads", () => {
  it("pairs an edge table with the node table chosen with it, whatever the order", () => {
    expect(
      planUploads([
        { name: "accounts.csv", head: nodes },
        { name: "payments.csv", head: payments },
      ]),
    ).toEqual([{ file: 1, nodes: 0 }]);
  });

  it("pairs by name stem when several tables were chosen", () => {
    expect(
      planUploads([
        { name: "karate_edges.csv", head: edges },
        { name: "shop_edges.csv", head: edges },
        { name: "shop_nodes.csv", head: nodes },
        { name: "karate_nodes.csv", head: nodes },
      ]),
    ).toEqual([
      { file: 0, nodes: 3 },
      { file: 1, nodes: 2 },
    ]);
  });

  it("uploads alone what has no clear partner", () => {
    expect(
      planUploads([
        { name: "a.csv", head: edges },
        { name: "b.csv", head: edges },
        { name: "people.csv", head: nodes },
      ]),
    ).toEqual([{ file: 0 }, { file: 1 }, { file: 2 }]);
    expect(
      planUploads([
        { name: "graph.graphml", head: null },
        { name: "people.csv", head: nodes },
      ]),
    ).toEqual([{ file: 0 }, { file: 1 }]);
  });

  it("never pairs a file that is not sent (refused before upload: no head)", () => {
    expect(
      planUploads([
        { name: "payments.csv", head: null },
        { name: "payments_nodes.csv", head: nodes },
      ]),
    ).toEqual([{ file: 0 }, { file: 1 }]);
  });
});
