import { describe, expect, it } from "vitest";
import { detectIntent } from "../reading/detect-intent";
import { resolveTurn } from "./resolve-turn";

// References that reach past the latest answer or name the node by the graph's own noun.

const warehouseRanking = "Northgate (warehouses:3) has the most products (40).";
const askedBack =
  "Which nodes do you mean by that? No earlier answer in this conversation defines a set to choose from.";

describe("references carried across the conversation", () => {
  it("keeps 'it' on the node found before an answer that named none", () => {
    const earlier = [
      { question: "Which warehouse stores the most products?", answer: warehouseRanking },
      { question: "What is the total weight of those shipments?", answer: askedBack },
    ];
    expect(resolveTurn({ question: "Which region supplies it?", earlier })).toMatchObject({
      request: "Which region supplies warehouses:3?",
      reference: { kind: "previous-node", node: "warehouses:3" },
    });
    const figure = [
      earlier[0],
      { question: "What is their total weight?", answer: "The total weight is 812.5." },
    ];
    expect(resolveTurn({ question: "Who manages it?", earlier: figure })).toMatchObject({
      request: "Who manages warehouses:3?",
    });
  });

  it("reads 'that <noun>' as the node an earlier question asked for by that noun", () => {
    const earlier = [
      { question: "Which warehouse stores the most products?", answer: warehouseRanking },
    ];
    expect(
      resolveTurn({ question: "How many trucks has that warehouse dispatched?", earlier }),
    ).toMatchObject({ request: "How many trucks has warehouses:3 dispatched?" });
    expect(
      resolveTurn({ question: "Which suppliers deliver to this warehouse?", earlier }),
    ).toMatchObject({ request: "Which suppliers deliver to warehouses:3?" });
    // An emphatic "itself" stresses the node; "to itself" still asks for a self-loop.
    expect(
      resolveTurn({ question: "And how many products does that warehouse hold itself?", earlier }),
    ).toMatchObject({ request: "How many products does warehouses:3 hold?" });
    expect(resolveTurn({ question: "Does it ship to itself?", earlier })).toMatchObject({
      request: "Does warehouses:3 ship to itself?",
    });
    // A noun no earlier question used is no reference.
    expect(resolveTurn({ question: "How big is that network?", earlier }).kind).toBe("standalone");
  });

  it("asks a path question again for 'that route', and from a new start for 'starting from X'", () => {
    const earlier = [
      {
        question: "What is the shortest path from Depot to Harbor by distance?",
        answer:
          "The shortest path from Depot to Harbor has 4 hops (weighted distance 120): Depot → Mill → Quay → Dock → Harbor.",
      },
    ];
    for (const question of [
      "How many roads does that route take?",
      "How many stops are on that path?",
    ]) {
      expect(resolveTurn({ question, earlier })).toMatchObject({
        request: "What is the shortest path from Depot to Harbor by distance?",
      });
    }
    const next = resolveTurn({
      question: "What about starting from Airport instead?",
      earlier: [
        ...earlier,
        { question: "How many roads does that route take?", answer: earlier[0].answer },
      ],
    });
    expect(next).toMatchObject({
      request: "What is the shortest path from Airport to Harbor by distance?",
    });
  });

  it("names the first and the second node found by whatever noun the question uses", () => {
    const earlier = [
      {
        question: "Which depot is the most central by betweenness?",
        answer: "Northgate (warehouses:3) has the highest betweenness centrality (0.31).",
      },
      {
        question: "And by PageRank?",
        answer: "Eastfield (warehouses:7) has the highest PageRank (0.12).",
      },
    ];
    expect(
      resolveTurn({ question: "Does the first depot ship to the second one?", earlier }),
    ).toMatchObject({ request: "Does warehouses:3 ship to warehouses:7?" });
    expect(
      resolveTurn({
        question: "Can goods travel from the first to the second through other sites?",
        earlier,
      }),
    ).toMatchObject({
      request: "Can goods travel from warehouses:3 to warehouses:7 through other sites?",
    });
  });

  it("reads 'the smaller one' after a count of components said in other words", () => {
    const earlier = [
      {
        question: "How many separate islands does the road network break into?",
        answer: "The graph has 2 connected components.",
      },
    ];
    expect(resolveTurn({ question: "How big is the smaller one?", earlier })).toMatchObject({
      request: "Which nodes are outside the largest connected component?",
      reference: { kind: "part-by-size", size: "smallest" },
    });
  });

  it("reads 'which of its towns' after a listed part as a question over that part", () => {
    const earlier = [
      {
        question: "How many separate islands does the road network break into?",
        answer: "The graph has 2 connected components.",
      },
      {
        question: "How big is the smaller one?",
        answer: [
          "4 nodes are outside the largest connected component.",
          "",
          "| Node | Type |",
          "| --- | --- |",
          "| Alder | town |",
          "| Birch | town |",
          "| Cedar | town |",
          "| Dogwood | town |",
        ].join("\n"),
      },
    ];
    for (const question of [
      "Which of its towns are cut points?",
      "Which of its nodes are articulation points?",
    ]) {
      const resolution = resolveTurn({ question, earlier });
      expect(resolution).toMatchObject({
        kind: "resolved",
        nodeSet: ["Alder", "Birch", "Cedar", "Dogwood"],
      });
      const request = resolution.kind === "resolved" ? resolution.request : "";
      const intent = detectIntent({ question: request });
      expect(intent.kind === "analysis" && intent.analyses[0]?.kind).toBe("cut-points");
    }
  });

  it("reads 'those shipments' as the ones the previous figure counted for its node", () => {
    const earlier = [
      {
        question: "Which warehouse sent out the most goods?",
        answer: "Northgate (warehouses:3) has the most shipments (40).",
      },
    ];
    expect(
      resolveTurn({ question: "What was the total weight of those shipments?", earlier }),
    ).toMatchObject({
      request: "What was the total weight of the shipments of warehouses:3?",
      reference: { kind: "previous-node", node: "warehouses:3" },
    });
    expect(
      resolveTurn({ question: "How many of these shipments went abroad?", earlier }),
    ).toMatchObject({ request: "How many of the shipments of warehouses:3 went abroad?" });
    // A noun the answer did not count is no such reference.
    expect(
      resolveTurn({ question: "What was the total weight of those pallets?", earlier }).kind,
    ).not.toBe("resolved");
  });
});
