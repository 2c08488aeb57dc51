import { describe, expect, it } from "vitest";
import { readAnalyses } from "../families";
import type { EarlierTurn } from "./earlier-turns";
import { resolveTurn } from "./resolve-turn";

// Follow-ups on an airline network: each is read into the whole question it stands for.

function requestOf(question: string, earlier: EarlierTurn[]): string | null {
  const resolution = resolveTurn({ question, earlier });
  return resolution.kind === "resolved" ? resolution.request : null;
}

const pathAnswer =
  "The shortest path from Alder (ALD) to Dunmore (DUN) has 3 hops (weighted distance 10): Alder (ALD) → Elm (ELM) → Fenwick (FEN) → Dunmore (DUN).";

describe("a path asked again", () => {
  it.each([
    ["And the second one?", "What's the shortest route in miles from Alder to Dunmore?"],
    ["the third one?", "What is the shortest path from Alder to Dunmore in km?"],
    ["第二条呢？", "从 Alder 到 Dunmore 的最短路径是多少公里？"],
  ])("%s is the next shortest path between the same ends", (question, earlierQuestion) => {
    const request = requestOf(question, [{ question: earlierQuestion, answer: pathAnswer }]);
    expect(readAnalyses(request ?? "")).toMatchObject([
      { kind: "k-shortest", source: "Alder", target: "Dunmore" },
    ]);
  });

  it.each([
    ["What about from Elm to Fenwick?"],
    ["And from Elm to Fenwick?"],
    ["那从 Elm 到 Fenwick 呢？"],
  ])("%s is the same path question between two new ends", (question) => {
    const earlier = [
      {
        question: "What's the shortest route in miles from Alder to Dunmore?",
        answer: pathAnswer,
      },
      { question: "And the second one?", answer: pathAnswer },
    ];
    expect(requestOf(question, earlier)).toBe(
      "What's the shortest route in miles from Elm to Fenwick?",
    );
  });

  it.each([["In how many legs at least?"], ["And how many stops at minimum?"], ["最少几跳？"]])(
    "%s after a reachability question is the path's length in hops",
    (question) => {
      const earlier = [
        {
          question: "Is Dunmore reachable from Alder?",
          answer: "Yes — Dunmore (DUN) is reachable.",
        },
      ];
      const request = requestOf(question, earlier) ?? "";
      expect(request).toMatch(/Alder/);
      expect(readAnalyses(request)).toMatchObject([
        { kind: "path", source: "Alder", target: "Dunmore" },
      ]);
    },
  );
});

const rankingAnswer = [
  "Skyways (SKY) operates the most flights (40).",
  "",
  "| Rank | Node | Type | flights |",
  "| --- | --- | --- | --- |",
  "| 1 | Skyways (SKY) | airline | 40 |",
  "| 2 | Polar Air (POL) | airline | 31 |",
].join("\n");

describe("a node asked about again", () => {
  it.each([["What about it?"], ["它呢？"]])(
    "%s after a question about another node is about the node before it",
    (question) => {
      const earlier = [
        { question: "Which airline operates the most flights?", answer: rankingAnswer },
        {
          question: "How many flights does Polar Air operate?",
          answer: "Polar Air (POL) operates 31 flights.",
        },
      ];
      expect(requestOf(question, earlier)).toBe("How many flights does SKY operate?");
    },
  );

  it.each([
    [
      "What about Polar Air - how many airports does it fly to?",
      "How many airports does Polar Air fly to?",
    ],
    ["How about Polar Air: which airports does it serve?", "Which airports does Polar Air serve?"],
    ["那 Polar Air 呢，它有几条航线？", "Polar Air 有几条航线？"],
  ])("%s asks its own question of the node it names first", (question, expected) => {
    const earlier = [
      {
        question: "How many airports does Skyways fly to?",
        answer: "Skyways (SKY) flies to 8 airports.",
      },
    ];
    expect(requestOf(question, earlier)).toBe(expected);
  });

  it.each([
    ["Royal Institute of Art 呢？", "Royal Institute of Art 有多少名学生？"],
    ["What about University of Lund?", "How many students does University of Lund have?"],
  ])("%s puts a long name in place of the previous one", (question, expected) => {
    const earlier = [
      {
        question: question.includes("呢")
          ? "Saxon Academy 有多少名学生？"
          : "How many students does Saxon Academy have?",
        answer: "6",
      },
    ];
    expect(requestOf(question, earlier)).toBe(expected);
  });

  it("reads a four-character role after 这位 as the previous answer's node", () => {
    const earlier = [{ question: "哪位飞行员飞的航班最多？", answer: rankingAnswer }];
    expect(requestOf("这位客舱经理在哪家航空公司工作？", earlier)).toBe("SKY 在哪家航空公司工作？");
  });
});

describe("a ranking asked again", () => {
  it.each([
    ["按接近中心性排的话呢？", "哪个机场的PageRank最高？", "它的度数是多少？", /接近中心性/],
    [
      "And ranked by closeness?",
      "Which airport has the highest PageRank?",
      "What is its degree?",
      /closeness/,
    ],
  ])(
    "%s re-ranks the latest ranking, not the node question after it",
    (question, first, second, measure) => {
      const earlier = [
        { question: first, answer: rankingAnswer },
        { question: second, answer: "Skyways (SKY) has degree 9." },
      ];
      const request = requestOf(question, earlier) ?? "";
      expect(request).toMatch(measure);
      expect(request).not.toMatch(/SKY/);
    },
  );

  it.each([
    [
      "And if we count flights instead of passengers, who's on top?",
      "Which airport took in the most flights?",
    ],
    ["What if we use cargo instead of passengers?", "Which airport took in the most cargo?"],
  ])(
    "%s is the latest question that said the replaced words, with the new ones",
    (question, expected) => {
      const earlier = [
        { question: "Which airport took in the most passengers?", answer: rankingAnswer },
        { question: "How much exactly?", answer: "Skyways (SKY) took in 40." },
      ];
      expect(requestOf(question, earlier)).toBe(expected);
    },
  );

  it("reads a comparative among a listed set as its superlative", () => {
    const earlier = [
      {
        question: "Which airports are in Chile?",
        answer: "2 nodes have Chile: Arica (ARI), Temuco (TEM).",
      },
    ];
    expect(requestOf("Which of them handled more passengers?", earlier)).toMatch(
      /the most passengers/,
    );
    expect(requestOf("Which of them has more than 5 gates?", earlier)).toMatch(/more than 5/);
  });
});

describe("the count behind a figure", () => {
  const earlier = [
    { question: "Which airport took in the most passengers?", answer: rankingAnswer },
  ];
  it.each([
    ["From how many airlines?", "How many airlines send to SKY?"],
    ["How many flights is that?", "How many flights does SKY have?"],
    ["来自多少家航空公司？", "有多少航空公司向 SKY 发送？"],
  ])("%s counts the node's neighbours of that kind", (question, expected) => {
    expect(requestOf(question, earlier)).toBe(expected);
  });
});

describe("the list behind a figure", () => {
  it.each([
    ["Name them.", "How many airlines fly to Heathrow?", "Which airlines fly to Heathrow?"],
    ["Which ones?", "How many airports are in Chile?", "Which airports are in Chile?"],
    ["是哪些？", "Chile 有多少个机场？", "Chile 有哪些机场？"],
  ])("%s after %s lists the counted nodes", (question, earlierQuestion, expected) => {
    const earlier = [{ question: earlierQuestion, answer: "There are 4." }];
    expect(requestOf(question, earlier)).toBe(expected);
  });

  it("lists what the top of a ranking did the most of", () => {
    const earlier = [{ question: "Who trains the most pilots?", answer: rankingAnswer }];
    expect(requestOf("List them", earlier)).toBe("Which pilots does SKY train?");
  });
});
