import { describe, expect, it } from "vitest";
import { resolveTurn } from "./resolve-turn";

// Follow-ups read against earlier turns, on vocabularies of their own (the Les Misérables
// characters, a library, a shop, a metro), in English and Chinese.

const pageRankAnswer = [
  "Valjean (c11) has the highest PageRank (0.0757).",
  "",
  "| Rank | Node | Type | PageRank |",
  "| --- | --- | --- | --- |",
  "| 1 | Valjean (c11) | default | 0.0757 |",
  "| 2 | Myriel (c0) | default | 0.0428 |",
  "| 3 | Gavroche (c48) | default | 0.0366 |",
  "| 4 | Marius (c55) | default | 0.0319 |",
].join("\n");

const borrowersAnswer = [
  "Ada Moss (members:4) borrowed the most books (9).",
  "",
  "| id | label | count |",
  "| --- | --- | --- |",
  "| members:4 | Ada Moss | 9 |",
  "| members:7 | Ivo Lind | 6 |",
  "| members:2 | Rui Sato | 5 |",
].join("\n");

const ranking = [{ question: "Which character has the highest PageRank?", answer: pageRankAnswer }];

function request(resolution: ReturnType<typeof resolveTurn>): string {
  return resolution.kind === "resolved" ? resolution.request : "";
}

describe("places in the previous ranking", () => {
  it("reads 'the third one' and '第二个呢' as the ranking without the nodes above that place", () => {
    expect(resolveTurn({ question: "And the third one?", earlier: ranking })).toMatchObject({
      request: "Apart from c11 and c0, which character has the highest PageRank?",
      reference: { kind: "position", position: 3, node: "c48" },
    });
    const chinese = resolveTurn({
      question: "第二个呢？",
      earlier: [{ question: "哪位会员借书最多？", answer: borrowersAnswer }],
    });
    expect(chinese).toMatchObject({
      request: "除了 members:4 以外，哪位会员借书最多？",
      reference: { kind: "position", position: 2, node: "members:7" },
    });
  });

  it("counts 'the next one' on from the place asked before, and 'the last one' from the end", () => {
    const earlier = [
      ...ranking,
      { question: "What about the runner-up?", answer: "Myriel (c0) has the highest PageRank." },
    ];
    expect(resolveTurn({ question: "And the next one?", earlier })).toMatchObject({
      reference: { kind: "position", position: 3, node: "c48" },
    });
    expect(resolveTurn({ question: "What about the last one?", earlier: ranking })).toMatchObject({
      reference: { kind: "position", position: 4, node: "c55" },
    });
  });

  it("keeps ranking over the set the ranking ran over", () => {
    const listed = [
      "Ada Moss (members:4), Rui Sato (members:2) and Ivo Lind (members:7) borrowed it.",
      "",
      "| Node | Type |",
      "| --- | --- |",
      "| Ada Moss (members:4) | members |",
      "| Rui Sato (members:2) | members |",
      "| Ivo Lind (members:7) | members |",
    ].join("\n");
    const earlier = [
      { question: "Who borrowed Dune?", answer: listed },
      { question: "Which of them has the most loans?", answer: borrowersAnswer },
    ];
    const second = resolveTurn({ question: "And the second one?", earlier });
    expect(second).toMatchObject({
      request: "Apart from members:4, which member has the most loans?",
      nodeSet: ["members:4", "members:2", "members:7"],
    });
  });
});

describe("the previous answer left out", () => {
  it("reads 'apart from him?', 'who else?' and '除了它以外呢？' as the ranking without its answer", () => {
    for (const question of ["Apart from him?", "And who else?", "Other than that one?"]) {
      expect(resolveTurn({ question, earlier: ranking })).toMatchObject({
        request: "Apart from c11, which character has the highest PageRank?",
        reference: { kind: "without-nodes", nodes: ["c11"] },
      });
    }
    const chinese = resolveTurn({
      question: "除了他之外呢？",
      earlier: [{ question: "哪位会员借书最多？", answer: borrowersAnswer }],
    });
    expect(request(chinese)).toBe("除了 members:4 以外，哪位会员借书最多？");
  });

  it("leaves out one more each time, so the places add up", () => {
    const earlier = [
      ...ranking,
      { question: "Apart from him?", answer: "Myriel (c0) has the highest PageRank (0.0428)." },
    ];
    expect(request(resolveTurn({ question: "And besides him?", earlier }))).toBe(
      "Apart from c11 and c0, which character has the highest PageRank?",
    );
    expect(resolveTurn({ question: "The third one?", earlier })).toMatchObject({
      reference: { kind: "position", position: 3, node: "c48" },
    });
  });
});

describe("the node a ranking named, asked the question before it", () => {
  it("reads 'what about him?' and '他呢？' as the earlier question about one node", () => {
    const earlier = [
      { question: "What is Myriel's clustering coefficient?", answer: "Myriel (c0) has 0.0667." },
      ...ranking,
    ];
    expect(resolveTurn({ question: "What about him?", earlier })).toMatchObject({
      request: "What is c11's clustering coefficient?",
      reference: { kind: "previous-node", node: "c11" },
    });
    const chinese = [
      {
        question: "忽略方向，Myriel 的聚类系数是多少？",
        answer: "Myriel (c0) 的聚类系数为 0.0667。",
      },
      { question: "谁的 PageRank 最高？", answer: pageRankAnswer },
    ];
    expect(request(resolveTurn({ question: "他呢？", earlier: chinese }))).toBe(
      "忽略方向，c11 的聚类系数是多少？",
    );
  });

  it("follows 'the second one' with 'its', meaning the second one", () => {
    const earlier = [
      ...ranking,
      {
        question: "And the second one?",
        answer: "Myriel (c0) has the highest PageRank (0.0428).",
      },
    ];
    expect(resolveTurn({ question: "What is its degree?", earlier })).toMatchObject({
      request: "What is c0's degree?",
    });
  });
});

describe("the previous question asked another way", () => {
  it("swaps the two ends for 'the other way round' and '反过来呢'", () => {
    const earlier = [
      { question: "Does customers:3 follow customers:8?", answer: "Yes — there is an edge." },
    ];
    expect(resolveTurn({ question: "What about the other way round?", earlier })).toMatchObject({
      request: "Does customers:8 follow customers:3?",
      reference: { kind: "reversed", nodes: ["customers:8", "customers:3"] },
    });
    const chinese = resolveTurn({
      question: "反过来呢？",
      earlier: [{ question: "从 Kingsbridge 到 Quayside 可达吗？", answer: "是的——可达。" }],
    });
    expect(request(chinese)).toBe("从 Quayside 到 Kingsbridge 可达吗？");
  });

  it("counts a weighted path again in hops ('by hops?', '按跳数呢？'), and weighs a hop count", () => {
    const weighted = [
      {
        question: "What is the shortest travel time from Kingsbridge to Quayside?",
        answer: "The shortest path from Kingsbridge (s1) to Quayside (s5) takes 14 minutes.",
      },
    ];
    expect(resolveTurn({ question: "And by hops?", earlier: weighted })).toMatchObject({
      request: "How many hops is the shortest path from Kingsbridge to Quayside?",
      reference: { kind: "another-weighting", weighted: false },
    });
    const chinese = resolveTurn({
      question: "按跳数呢？",
      earlier: [{ question: "按行车时间，从 Old Mill 到 Tidewater 最快要多少分钟？", answer: "" }],
    });
    expect(request(chinese)).toBe("从 Old Mill 到 Tidewater 最少几跳？");
    const byLength = resolveTurn({
      question: "What about weighted by distance?",
      earlier: [{ question: "How many hops from SEA to MIA?", answer: "2 hops." }],
    });
    expect(request(byLength)).toBe(
      "What is the shortest distance from SEA to MIA, weighted by distance?",
    );
  });

  it("turns the superlative round: 'what about the fewest?', '最少的呢？'", () => {
    expect(
      request(
        resolveTurn({
          question: "What about the fewest?",
          earlier: [{ question: "Which member borrowed the most books?", answer: borrowersAnswer }],
        }),
      ),
    ).toBe("Which member borrowed the fewest books?");
    expect(
      request(
        resolveTurn({
          question: "最少的呢？",
          earlier: [{ question: "哪位会员借书最多？", answer: borrowersAnswer }],
        }),
      ),
    ).toBe("哪位会员借书最少？");
  });
});

describe("sets carried from turn to turn", () => {
  const readers = [
    "These 3 members borrowed Dune: Ada Moss (members:4), Rui Sato (members:2), Ivo Lind (members:7).",
    "",
    "| Node | Type |",
    "| --- | --- |",
    "| Ada Moss (members:4) | members |",
    "| Rui Sato (members:2) | members |",
    "| Ivo Lind (members:7) | members |",
  ].join("\n");

  it("reads 'which of them is the oldest' as the highest age among the set, and 'the youngest' as the lowest", () => {
    const earlier = [{ question: "Who borrowed Dune?", answer: readers }];
    const oldest = resolveTurn({ question: "Which of them is the oldest?", earlier });
    expect(oldest).toMatchObject({
      request: "Which member has the highest age?",
      nodeSet: ["members:4", "members:2", "members:7"],
    });
    const youngest = resolveTurn({
      question: "What about the youngest?",
      earlier: [
        ...earlier,
        { question: "Which of them is the oldest?", answer: "Rui Sato (members:2) is 71." },
      ],
    });
    expect(youngest).toMatchObject({
      request: "Which member has the lowest age?",
      nodeSet: ["members:4", "members:2", "members:7"],
    });
    expect(
      request(resolveTurn({ question: "Which of these people earns the most?", earlier })),
    ).toBe("Which member has the highest salary?");
  });

  it("keeps a list asked 'with at most one stop' as a set, not a ranking", () => {
    const earlier = [
      {
        question: "Which airports can you reach from SEA with at most one stop?",
        answer: "3 airports: Denver (DEN), Boston (BOS), Austin (AUS).",
      },
    ];
    expect(resolveTurn({ question: "Which of them has the most flights?", earlier })).toMatchObject(
      { nodeSet: ["DEN", "BOS", "AUS"] },
    );
  });

  it("names the kind of node when the listed ids carry no table: 'which node …', '…的节点是哪个'", () => {
    const earlier = [
      {
        question: "SEA 直飞哪些机场？",
        answer: "Seattle (SEA) 指向 3 个节点：Denver (DEN)、Boston (BOS)、Austin (AUS)。",
      },
    ];
    expect(resolveTurn({ question: "其中跑道最多的是哪个？", earlier })).toMatchObject({
      request: "跑道最多的节点是哪个？",
      nodeSet: ["DEN", "BOS", "AUS"],
    });
    expect(request(resolveTurn({ question: "Which of them has the most gates?", earlier }))).toBe(
      "Which node has the most gates?",
    );
    expect(request(resolveTurn({ question: "Which of them are hubs?", earlier }))).toBe(
      "Which nodes are hubs?",
    );
  });

  it("narrows the set to the nodes a filter of it listed", () => {
    const earlier = [
      { question: "Who borrowed Dune?", answer: readers },
      {
        question: "Which of them live in Leeds?",
        answer: [
          "2 of them: Ada Moss (members:4), Ivo Lind (members:7).",
          "",
          "| Node | Type |",
          "| --- | --- |",
          "| Ada Moss (members:4) | members |",
          "| Ivo Lind (members:7) | members |",
        ].join("\n"),
      },
    ];
    expect(
      resolveTurn({ question: "Which of those has the highest PageRank?", earlier }),
    ).toMatchObject({ nodeSet: ["members:4", "members:7"] });
  });

  it("keeps a count's set in words, whatever its measure word, and reads '这几位…里'", () => {
    const count = resolveTurn({
      question: "其中哪座的度数最高？",
      earlier: [{ question: "Zone 4 有多少座车站？", answer: "zone 为 4 的节点共有 7 个。" }],
    });
    expect(request(count)).toBe("Zone 4 车站中哪座的度数最高？");
    const few = resolveTurn({
      question: "这几位会员里谁的 PageRank 最高？",
      earlier: [{ question: "Who borrowed Dune?", answer: readers }],
    });
    expect(few).toMatchObject({ nodeSet: ["members:4", "members:2", "members:7"] });
  });

  it("reads 'those two' as the two nodes the last answers named, not as a set", () => {
    const earlier = [
      { question: "Who borrowed the most books?", answer: "Ada Moss (members:4) borrowed 9." },
      { question: "And who returned the most late?", answer: "Ivo Lind (members:7) returned 4." },
    ];
    expect(
      resolveTurn({ question: "Are those two members linked to each other?", earlier }),
    ).toMatchObject({
      request: "Are members:4 and members:7 linked to each other?",
      reference: { kind: "previous-pair", nodes: ["members:4", "members:7"] },
    });
    expect(request(resolveTurn({ question: "这两个会员之间有边吗？", earlier }))).toBe(
      " members:4 和 members:7 之间有边吗？",
    );
  });
});

describe("Chinese demonstratives before a verb", () => {
  it("reads '那位导师治疗过…' and '这位作者写过…' as the previous answer's node", () => {
    const earlier = [
      {
        question: "Ada Moss 的导师是谁？",
        answer: "Ada Moss (members:4) 指向 1 个节点：Rui Sato (members:2)。",
      },
    ];
    for (const question of ["那位导师治疗过几位病人？", "这位导师借过几本书？"]) {
      expect(resolveTurn({ question, earlier })).toMatchObject({
        reference: { kind: "previous-node", node: "members:2" },
      });
    }
  });
});

describe("a part of the previous answer by its size", () => {
  const components = [
    {
      question: "How many weakly connected components does the shipping network have?",
      answer: "The graph has 2 weakly connected components.",
    },
  ];

  it("reads 'the smaller one' after two components as the nodes outside the largest", () => {
    expect(
      resolveTurn({ question: "How many ports are in the smaller one?", earlier: components }),
    ).toMatchObject({
      request: "Which nodes are outside the largest weakly connected component?",
      reference: { kind: "part-by-size", size: "smallest" },
    });
    expect(
      request(
        resolveTurn({
          question: "较小的那个连通分量里有几个节点？",
          earlier: [{ question: "图里有几个连通分量？", answer: "图中共有 2 个连通分量。" }],
        }),
      ),
    ).toBe("哪些节点不在最大连通分量中？");
  });

  it("reads 'the larger one' as the largest component, and leaves 'smaller' of three alone", () => {
    expect(
      request(resolveTurn({ question: "And how big is the larger one?", earlier: components })),
    ).toBe("And how big is the largest weakly connected component?");
    const three = [
      {
        question: "How many connected components are there?",
        answer: "The graph has 3 connected components.",
      },
    ];
    expect(
      resolveTurn({ question: "How many nodes are in the smaller one?", earlier: three }).kind,
    ).toBe("standalone");
  });

  it("carries the listed part on to 'which of them', ids without digits too", () => {
    const earlier = [
      ...components,
      {
        question: "How many ports are in the smaller one?",
        answer:
          "4 nodes are outside the largest component (29 nodes): APW, NAN, FUN, HIR.\n\n**Components outside the largest**\n\n| Size | Members (ids) |\n| --- | --- |\n| 4 | APW, NAN, FUN, HIR |",
      },
    ];
    expect(
      resolveTurn({ question: "Which of them handles the most cargo?", earlier }),
    ).toMatchObject({ nodeSet: ["APW", "NAN", "FUN", "HIR"] });
  });
});

describe("the previous answer's node in a chain of questions", () => {
  it("drops the opening 'and' and the Chinese noun beside the name", () => {
    const earlier = [
      {
        question: "Who is Ada Moss's mentor?",
        answer:
          "Rui Sato (members:2) — the node Ada Moss (members:4) links to by members.mentor_id.",
      },
    ];
    expect(request(resolveTurn({ question: "And who is her mentor?", earlier }))).toBe(
      "Who is members:2's mentor?",
    );
    expect(request(resolveTurn({ question: "这位会员的导师是谁？", earlier }))).toBe(
      "members:2 的导师是谁？",
    );
  });
});
