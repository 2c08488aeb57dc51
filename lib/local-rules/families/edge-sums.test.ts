import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { realGraphEngine } from "../testing/real-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Summed by hand: into a03: 100 + 250 + 40 = 390 (three links); out of Spain (a01, a02):
// 100 + 250 + 75 + 300 = 725; out of Japan (a03, a04): 40 + 60 = 100; sent most: a02 (625).
const edges =
  "source,target,amount\na01,a03,100\na02,a03,250\na02,a04,75\na02,a01,300\na04,a03,40\na03,a04,60\n";
const nodes = "id,name,country\na01,Ana,Spain\na02,Bea,Spain\na03,Cho,Japan\na04,Dai,Japan\n";

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await realGraphEngine({
      kind: "csv",
      texts: { edges, nodes },
      options: { directed: true },
    }),
  });
  return { lead: answer.split("\n")[0], tools: turns.flatMap((turn) => turn.calls) };
}

describe("sums of what links carry", { timeout: 60_000 }, () => {
  it("sums one node's incoming amounts, the way the verb points", async () => {
    const received = await ask("How much money did a03 receive in total?");
    expect(received.lead).toBe(
      "Cho (a03) received 390 amount in total (the sum of amount over 3 links).",
    );
    expect(received.tools.some((call) => call.toolName === "query_graph")).toBe(true);
  });

  it("ranks senders within a property value, and groups by an endpoint's property", async () => {
    expect((await ask("Which account in Spain sent the most money?")).lead).toMatch(
      /^Bea \(a02\) sends the most amount among nodes with country = Spain \(625 in total\)\.$/,
    );
    expect((await ask("Which country sends the most money?")).lead).toBe(
      "Spain sends the most amount (725 in total).",
    );
    expect((await ask("What is the total amount sent from accounts in Japan?")).lead).toBe(
      "The total amount sent by nodes with country = Japan is 100 (over 2 links).",
    );
  });
});

describe("a quantity the links do not carry", { timeout: 60_000 }, () => {
  it("says what is missing instead of ranking by link count", async () => {
    const { answer, turns } = await runConversation({
      question: "Which account received the most money?",
      state: attachedKarateState(),
      engine: await realGraphEngine({
        kind: "csv",
        texts: { edges: "source,target,count\na01,a02,3\na02,a03,1\n" },
        options: { directed: true },
      }),
    });
    expect(answer.split("\n")[0]).toMatch(/^I can't sum that: the graph's links carry no money/);
    expect(answer).toMatch(/numeric link properties: count/);
    const calls = turns.flatMap((turn) => turn.calls).map((call) => call.toolName);
    expect(calls).not.toContain("degree_analysis");
  });
});

describe("totals over the links' own properties", { timeout: 60_000 }, () => {
  // Blue: 2.5 + 4 = 6.5 km over 2 links; Red: 3 km; stations carry a line too (not summed).
  const links = "from,to,km,line\ns1,s2,2.5,Blue\ns2,s3,4,Blue\ns3,s4,3,Red\n";
  const stations = "id,name,line\ns1,Alpha,Blue\ns2,Beta,Blue\ns3,Gamma,Red\ns4,Delta,Red\n";
  async function askLinks(question: string) {
    const { answer } = await runConversation({
      question,
      state: attachedKarateState(),
      engine: await realGraphEngine({ kind: "csv", texts: { edges: links, nodes: stations } }),
    });
    return answer.split("\n")[0];
  }
  it("filters and groups by the link's property, each link once", async () => {
    expect(await askLinks("What is the total length of the Blue line in km?")).toBe(
      "The total km of the links with line = Blue is 6.500 (over 2 links).",
    );
    expect(await askLinks("哪条线路的公里数最长？")).toBe("Blue 的 km 最多（2 条边合计 6.500）。");
  });
});
