import { describe, expect, it } from "vitest";
import { readAnalyses } from "../families";
import { resolveTurn } from "./resolve-turn";

const request = (resolution: ReturnType<typeof resolveTurn>) =>
  resolution.kind === "resolved" ? resolution.request : resolution.kind;

// Two questions that each found one node, then a ranking of six.
const twoFinds = [
  {
    question: "Which airport has the most departures?",
    answer: "Atlanta (ATL) has the most outgoing edges (out-degree 30).",
  },
  {
    question: "And which one has the most arrivals?",
    answer: "Denver (DEN) has the most incoming edges (in-degree 28).",
  },
];

const topSix = [
  {
    question: "List the top 6 stations by closeness.",
    answer: [
      "By closeness centrality, the highest-ranked of 40 nodes are Quay (s4) with 0.51, Mill (s2) with 0.49 and Fort (s9) with 0.47; the table lists the top 6.",
      "",
      "| Rank | Node | Type | closeness |",
      "| --- | --- | --- | --- |",
      "| 1 | Quay (s4) | hub | 0.51 |",
      "| 2 | Mill (s2) | stop | 0.49 |",
      "| 3 | Fort (s9) | hub | 0.47 |",
      "| 4 | Dale (s1) | stop | 0.45 |",
      "| 5 | Reed (s7) | stop | 0.44 |",
      "| 6 | Moor (s3) | hub | 0.42 |",
    ].join("\n"),
  },
];

describe("references by order", () => {
  it("reads 'the first one … the second' as the nodes two earlier turns found, in order", () => {
    expect(
      request(
        resolveTurn({
          question: "Is there a direct flight from the first one to the second?",
          earlier: twoFinds,
        }),
      ),
    ).toBe("Is there a direct flight from ATL to DEN?");
    const third = [
      ...twoFinds,
      {
        question: "Is there a direct flight from ATL to DEN?",
        answer: "Yes — there is an edge from Atlanta (ATL) to Denver (DEN).",
      },
    ];
    expect(
      request(
        resolveTurn({ question: "How many hops from the former to the latter?", earlier: third }),
      ),
    ).toBe("How many hops from ATL to DEN?");
    expect(
      request(resolveTurn({ question: "第一个机场到第二个机场最少几跳？", earlier: twoFinds })),
    ).toContain("ATL");
  });

  it("reads 'the top two', 'the top one' and 'those six' against the latest ranking", () => {
    expect(
      request(resolveTurn({ question: "How far apart are the top two?", earlier: topSix })),
    ).toBe("How far apart are s4 and s2?");
    expect(
      request(resolveTurn({ question: "前两名之间的最短路径是什么？", earlier: topSix })),
    ).toContain("s4 和 s2");
    expect(
      request(
        resolveTurn({
          question: "And is there any path between the top one and Tidewater?",
          earlier: topSix,
        }),
      ),
    ).toBe("Is there any path between s4 and Tidewater?");
    const hubs = resolveTurn({ question: "Which of those six are hubs?", earlier: topSix });
    expect(hubs).toMatchObject({
      request: "Which nodes are hubs?",
      nodeSet: ["s4", "s2", "s9", "s1", "s7", "s3"],
    });
    expect(
      resolveTurn({ question: "Which of these 4 stations are hubs?", earlier: topSix }),
    ).toMatchObject({
      nodeSet: ["s4", "s2", "s9", "s1"],
    });
  });

  it("reads 'there' as where the previous question went, from where it started", () => {
    const path = [
      {
        question: "How many hops is the shortest path from Alder to Birch?",
        answer:
          "The shortest path from Alder (s1) to Birch (s5) has 3 hops: Alder (s1) → Cedar (s2) → Dove (s3) → Birch (s5).",
      },
    ];
    expect(
      request(
        resolveTurn({ question: "Could I still get there if Dove were closed?", earlier: path }),
      ),
    ).toBe("Could I still get from Alder to Birch if Dove were closed?");
    expect(request(resolveTurn({ question: "从 Elm 出发能走到那里吗？", earlier: path }))).toBe(
      "从 Elm 出发能走到 Birch 吗？",
    );
  });

  it("reads 'it' after a ranking, with links counted by any measure word (几段, 几条)", () => {
    const lowest = [
      {
        question: "其中海拔最低的是哪座？",
        answer: "海拔最低的山峰是 Heron Lookout（T38），410。",
      },
    ];
    const resolved = request(resolveTurn({ question: "有几段步道通到它？", earlier: lowest }));
    expect(resolved).toContain("T38");
    expect(readAnalyses(resolved)).toMatchObject([{ kind: "degree", node: "T38" }]);
    expect(readAnalyses("T38 连着几段步道？")).toMatchObject([{ kind: "degree", node: "T38" }]);
  });

  it("reads '她们 一起…哪些' and 'both appeared in' as what the two share", () => {
    const earlier = [
      {
        question: "哪位演员的片酬总额最高？",
        answer: "片酬总和最高的演员是 Priya Sen（actors:3），9980。",
      },
      {
        question: "她和哪位演员同台次数最多？",
        answer: "Priya Sen (actors:3) 与 Liu Ran (actors:8) 同台次数最多（6 次）。",
      },
    ];
    const together = request(resolveTurn({ question: "她们一起出演过哪些电影？", earlier }));
    expect(readAnalyses(together)).toMatchObject([
      { kind: "common-neighbours", source: "actors:3", target: "actors:8", ask: "list" },
    ]);
    expect(readAnalyses("Which films have Ada and Bo both appeared in?")).toMatchObject([
      { kind: "common-neighbours", source: "Ada", target: "Bo" },
    ]);
  });

  it("reads a path measured by 'the fewest <links>' as hops", () => {
    const walk = [
      {
        question: "What's the shortest walk from Alder to Birch in km?",
        answer:
          "The shortest path from Alder (s1) to Birch (s5) has 4 hops (weighted distance 12.5).",
      },
    ];
    expect(
      request(resolveTurn({ question: "What about the fewest segments instead?", earlier: walk })),
    ).toBe("How many hops is the shortest path from Alder to Birch?");
    expect(request(resolveTurn({ question: "And with the fewest legs?", earlier: walk }))).toBe(
      "How many hops is the shortest path from Alder to Birch?",
    );
  });
});

describe("follow-ups about a set no answer listed", () => {
  it("counts the set a yes/no asked about", () => {
    const earlier = [
      {
        question: "Are there any actors who haven't been cast in anything?",
        answer: "Yes — 2 actors have no films.",
      },
    ];
    expect(request(resolveTurn({ question: "How many?", earlier }))).toBe(
      "How many actors haven't been cast in anything?",
    );
    const studio = [{ question: "Is there a studio with no films at all?", answer: "Yes." }];
    expect(request(resolveTurn({ question: "How many are there?", earlier: studio }))).toBe(
      "How many studios with no films at all are there?",
    );
    const chinese = [{ question: "有没有没出演过任何电影的演员？", answer: "有。" }];
    expect(request(resolveTurn({ question: "有几个？", earlier: chinese }))).toBe(
      "没出演过任何电影的演员有多少个？",
    );
  });

  it("asks 'their …' of the nodes a count was about, and 'and for X?' of another owner", () => {
    const earlier = [
      {
        question: "How many films does Lotus Gate Media have?",
        answer: "Lotus Gate Media (studios:4) has 7 films.",
      },
    ];
    expect(request(resolveTurn({ question: "What's their average rating?", earlier }))).toBe(
      "What's the average rating of Lotus Gate Media's films?",
    );
    const books = [
      {
        question: "How many books did Ada Moss publish?",
        answer: "Ada Moss (authors:2) has 5 books.",
      },
    ];
    expect(
      request(resolveTurn({ question: "What is their total page count?", earlier: books })),
    ).toBe("What is the total page count of Ada Moss's books?");
  });
});
