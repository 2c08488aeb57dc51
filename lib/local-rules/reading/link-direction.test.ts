import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { transfers } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";
import { linkDirection } from "./link-direction";

afterAll(async () => {
  await closeIdleQueryEngines();
});

const engine = analysisGraphEngine({ kind: "csv", texts: transfers, options: { directed: true } });

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engine,
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("the direction of one node's links, read from the verb", () => {
  it.each([
    // Leaving: the link starts where it leaves; arriving: it ends where it arrives.
    ["How many transfers leave a07?", "a07", "out"],
    ["How many routes depart from Hub?", "Hub", "out"],
    ["How many flights depart for Hub?", "Hub", "in"],
    ["How much money goes out of a07?", "a07", "out"],
    ["a07 转出了多少笔？", "a07", "out"],
    ["有多少笔转账从 a07 发出？", "a07", "out"],
    ["How many transfers arrive at a07?", "a07", "in"],
    ["How many transfers come into a07?", "a07", "in"],
    ["How many incoming transfers does a07 have?", "a07", "in"],
    ["a07 转入了多少笔？", "a07", "in"],
    // Both named: every link counts.
    ["What is the degree of a12, counting both incoming and outgoing transfers?", "a12", "all"],
    ["How many transfers has a12 sent and received?", "a12", "all"],
    ["a12 有多少条入边和出边？", "a12", "all"],
    ["a12 的进出交易一共多少笔？", "a12", "all"],
    // Receiving: the subject is the end ("a07 received"), the object the start.
    ["How many transfers does a07 receive?", "a07", "in"],
    ["Which accounts received money from a25?", "a25", "out"],
    ["Which accounts does a25 receive money from?", "a25", "in"],
    ["哪些账户收到过 a25 的转账？", "a25", "out"],
    ["a25 收到了多少笔转账？", "a25", "in"],
    // Sending: the subject is the start, the object or the recipient the end.
    ["Which accounts has a25 paid?", "a25", "out"],
    ["Who paid a25?", "a25", "in"],
    ["Who did a25 pay?", "a25", "out"],
    ["List the accounts that a25 transferred money to.", "a25", "out"],
    ["How many accounts sent money to a25?", "a25", "in"],
    ["Which accounts were paid by a25?", "a25", "out"],
    ["a25 给哪些账户转过钱？", "a25", "out"],
    ["哪些账户给 a30 转过钱？", "a30", "in"],
    ["How many times was m22 referred?", "m22", "in"],
    ["m22 被推荐了几次？", "m22", "in"],
    // A plural noun is not a verb: no direction.
    ["How many transfers does a07 have?", "a07", "all"],
    ["p1358 有多少条引用连接？", "p1358", "all"],
  ])("%s → %s %s", (question, node, direction) => {
    expect(linkDirection(question, node)).toBe(direction);
  });

  it("reads one node's degree and neighbours with that direction", () => {
    expect(readAnalyses("How many transfers leave a07?")).toEqual([
      { kind: "degree", node: "a07", mode: "out", strength: false },
    ]);
    expect(
      readAnalyses("What is the degree of a12, counting both incoming and outgoing transfers?"),
    ).toEqual([{ kind: "degree", node: "a12", mode: "all", strength: false }]);
    // (A list of named nodes, "Which accounts has a25 paid?", is answered below.)
    // Questions that kept their reading.
    expect(readAnalyses("What is the in-degree of m22?")).toEqual([
      { kind: "degree", node: "m22", mode: "in", strength: false },
    ]);
    expect(readAnalyses("How many people did m06 refer?")).toEqual([
      { kind: "degree", node: "m06", mode: "out", strength: false },
    ]);
  });

  it("ranks by distinct partners as a degree, in or out by who they are", () => {
    for (const [question, mode] of [
      ["Which account draws in money from the most different senders?", "in"],
      ["Which account receives money from the largest number of distinct accounts?", "in"],
      ["哪个账户的转入来源最多？", "in"],
      ["Which account pays the most different recipients?", "out"],
      ["哪个账户给最多不同的账户转过钱？", "out"],
      ["Which account has the fewest counterparties?", "all"],
    ] as const) {
      expect(readAnalyses(question)).toMatchObject([{ kind: "distinct-partners", mode }]);
    }
    // Named nodes, other kinds of thing counted, and sums keep their readings.
    for (const question of [
      "Which customer bought the most distinct products?",
      "How much money did a30 receive in total?",
      "Who has collaborated with the most people?",
    ]) {
      expect(readAnalyses(question).map((analysis) => analysis.kind)).not.toContain(
        "distinct-partners",
      );
    }
  });
});

describe("directed questions answered on a small transfer graph", { timeout: 60_000 }, () => {
  it("counts the links that leave, arrive or both", async () => {
    const leaving = await ask("How many transfers leave a1?");
    expect(leaving.lead).toBe("Ann Sato (a1) has 4 outgoing edges (out-degree 4).");
    expect(leaving.calls.find((call) => call.toolName === "degree_analysis")?.input).toMatchObject({
      node_ids: ["a1"],
      mode: "out",
    });
    expect((await ask("How many routes depart from a1?")).lead).toBe(
      "Ann Sato (a1) has 4 outgoing edges (out-degree 4).",
    );
    expect(
      (await ask("What is the degree of a1, counting both incoming and outgoing transfers?")).lead,
    ).toBe("Ann Sato (a1) has 6 connections: 2 in, 4 out.");
    expect((await ask("How many transfers does Bo Kudo receive?")).lead).toBe(
      "Bo Kudo (a2) has 3 incoming edges (in-degree 3).",
    );
  });

  it("lists the accounts a node paid, or that paid it", async () => {
    expect((await ask("Which accounts has a1 paid?")).lead).toBe(
      "Ann Sato (a1) links to 4 nodes: Bo Kudo (a2), Cy Gil (a3), Di Vidal (a4), Ed Costa (a5).",
    );
    expect((await ask("Who paid Bo Kudo?")).lead).toBe(
      "3 nodes link to Bo Kudo (a2): Ann Sato (a1), Di Vidal (a4), Ed Costa (a5).",
    );
    expect((await ask("a3 给哪些账户转过钱？")).lead).toBe(
      "Cy Gil (a3) 指向 2 个节点：Ann Sato (a1)、Di Vidal (a4)。",
    );
  });

  it("ranks by distinct senders with a count of links, not a sum", async () => {
    const ranked = await ask("Which account draws in money from the most different senders?");
    expect(ranked.lead).toBe("Bo Kudo (a2) has the most incoming edges (in-degree 3).");
    expect(ranked.calls.find((call) => call.toolName === "degree_analysis")?.input).toMatchObject({
      mode: "in",
    });
    expect((await ask("哪个账户的转入来源最多？")).lead).toBe(
      "Bo Kudo (a2) 的入度最多（in-degree 3）。",
    );
  });
});
