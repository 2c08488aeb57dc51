import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { nodeMentions } from "../reading/node-mentions";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { formatFigure } from "../writing/format-figures";
import { readAnalyses } from ".";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Undirected roads whose weight is the length in km, with a toll. Summed by hand: every road
// 10.5 + 20 + 5.25 + 8 + 12 = 55.75 km (average 11.15); at Cedar 20 + 5.25 + 8 = 33.25 km over
// 3 roads (the most); both ends in North: Alder–Birch (toll 3); districts differ on Birch–Cedar,
// Alder–Cedar and Dover–Elm (3); the only road leaving East is Dover–Elm.
const roads = {
  edges: "a,b,weight,toll\nt1,t2,10.5,3\nt2,t3,20,5\nt3,t4,5.25,1\nt1,t3,8,2\nt4,t5,12,4\n",
  nodes:
    "id,name,district\nt1,Alder,North\nt2,Birch,North\nt3,Cedar,South\nt4,Dover,South\nt5,Elm,East\n",
};

// Directed shipping between ports, unweighted, with tonnes and value. Tonnes 310 in all, 100
// into Asia (Busan); value 28 in all, 5 sent from Asia; received most tonnes: Callao 120, then
// Busan 100.
const shipping = {
  edges:
    "source,target,tonnes,value\nP1,P2,100,5\nP1,P3,50,8\nP2,P3,70,2\nP3,P4,30,9\nP4,P1,20,1\nP2,P4,40,3\n",
  nodes: "id,name,region\nP1,Antwerp,Europe\nP2,Busan,Asia\nP3,Callao,Americas\nP4,Durban,Africa\n",
};

async function ask(question: string, graph: { edges: string; nodes: string }, directed = false) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({
      kind: "csv",
      texts: graph,
      options: { directed },
    }),
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("a weight column named by what it measures", { timeout: 60_000 }, () => {
  it("totals and averages the weight over every link", async () => {
    expect((await ask("What is the total distance of all the roads?", roads)).lead).toMatch(
      /\b55\.75\b/,
    );
    expect((await ask("道路的平均长度是多少公里？", roads)).lead).toMatch(/\b11\.15\b/);
  });

  it("sums it around one node", async () => {
    expect((await ask("与 Cedar 相连的道路总长是多少公里？", roads)).lead).toMatch(/\b33\.25\b/);
    expect((await ask("How many km of road meet at Alder in total?", roads)).lead).toMatch(
      /\b18\.50?\b/,
    );
  });

  it("weighs a centrality by it when asked", async () => {
    const english = await ask(
      "Weighting roads by their length, which town has the highest closeness centrality?",
      roads,
    );
    const call = english.calls.find((entry) => entry.toolName === "node_centrality");
    expect(call?.input).toMatchObject({ algorithm: "closeness", weighted: true });
    const chinese = await ask("以 toll 为距离，介数中心性最高的城镇是哪个？", roads);
    const zhCall = chinese.calls.find((entry) => entry.toolName === "node_centrality");
    expect(zhCall?.input).toMatchObject({ weighted: true, weight_property: "toll" });
  });
});

describe("a link property as a flow's capacity", { timeout: 60_000 }, () => {
  it("passes the named property, with the ends outside the capacity clause", async () => {
    for (const question of [
      "Taking the tonnes as capacities, what is the maximum flow from Antwerp to Callao?",
      "以 value 作为容量，Antwerp 到 Callao 的最大流是多少？",
    ]) {
      const { calls } = await ask(question, shipping, true);
      const flow = calls.find((entry) => entry.toolName === "flow_analysis");
      expect(flow?.input).toMatchObject({ source: "P1", target: "P3" });
      expect(String(flow?.input.capacity_property)).toMatch(/^(?:tonnes|value)$/);
    }
  });

  it("counts paths sharing no link with capacity 1", async () => {
    const { calls } = await ask("从 Antwerp 到 Durban，有多少条互不共用边的航线？", shipping, true);
    const flow = calls.find((entry) => entry.toolName === "flow_analysis");
    expect(flow?.input).toEqual({ source: "P1", target: "P4" });
  });
});

describe("links within, between and leaving groups", { timeout: 60_000 }, () => {
  it("counts the links joining different values", async () => {
    expect((await ask("How many roads run between two different districts?", roads)).lead).toMatch(
      /^3 of the 5 links/,
    );
    expect((await ask("两端不在同一地区的道路有多少条？", roads)).lead).toMatch(/有 3 条/);
  });

  it("sums what the links with both ends at one value carry", async () => {
    expect((await ask("两端都在 North 的道路，总 toll 是多少？", roads)).lead).toMatch(
      /总计 3(?!\d)/,
    );
    expect(
      (await ask("What is the total toll of roads with both ends in South?", roads)).lead,
    ).toMatch(/carry 1 toll/);
  });

  it("lists the only link leaving a group", async () => {
    const { lead } = await ask(
      "Which road is the only link between the East district and the rest of the network?",
      roads,
    );
    expect(lead).toMatch(/Dover \(t4\) – Elm \(t5\)/);
  });
});

describe("shares and rankings of what links carry", { timeout: 60_000 }, () => {
  it("gives the share going to, or sent by, a group", async () => {
    expect(
      (await ask("What percentage of all shipped tonnes goes to Asian ports?", shipping, true))
        .lead,
    ).toMatch(/^32\.3 %/);
    expect(
      (await ask("What share of the total value is sent by ports in Asia?", shipping, true)).lead,
    ).toMatch(/^17\.9 %/);
  });

  it("ranks receivers without the excluded node", async () => {
    const { lead } = await ask(
      "Apart from Callao, which port receives the most tonnes?",
      shipping,
      true,
    );
    expect(lead).toMatch(/^Busan \(P2\)/);
  });
});

describe("links under the graph's own names", { timeout: 60_000 }, () => {
  it("ranks by links attached and counts sections", async () => {
    expect((await ask("Which town has the most roads attached?", roads)).lead).toMatch(
      /^Cedar \(t3\)/,
    );
    expect((await ask("一共有多少段区间？", roads)).lead).toMatch(/5 条边/);
  });

  it("reads the two nodes furthest from each other as a distance", async () => {
    const { calls } = await ask("How far apart are the two towns furthest from each other?", roads);
    expect(calls.map((call) => call.toolName)).not.toContain("query_graph");
  });
});

// A dump whose link table carries hours: Atlas 5 + 7 = 12 h, Borealis 9 h; Ines 5 + 9 = 14 h.
const timesheets = [
  "CREATE TABLE people (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE projects (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE bookings (person_id integer REFERENCES people(id), project_id integer REFERENCES projects(id), hours integer, PRIMARY KEY (person_id, project_id));",
  "INSERT INTO people VALUES (1, 'Ines Varga'), (2, 'Omar Lund');",
  "INSERT INTO projects VALUES (1, 'Atlas'), (2, 'Borealis');",
  "INSERT INTO bookings VALUES (1, 1, 5), (2, 1, 7), (1, 2, 9);",
].join("\n");

describe("sums on a dump's link table", { timeout: 240_000 }, () => {
  const engine = analysisGraphEngine({ kind: "sql", text: timesheets });
  async function askDump(question: string) {
    const { answer } = await runConversation({
      question,
      state: attachedKarateState(),
      engine: await engine,
    });
    return answer.split("\n")[0];
  }

  it("credits the kind of node the question asks about", async () => {
    expect(await askDump("Which project has the most hours booked in total?")).toMatch(/^Atlas/);
    expect(await askDump("Which person logged the most hours?")).toMatch(/^Ines Varga/);
  });
});

describe("readings", () => {
  it("reads a flow asked as the most that can flow, and link compounds as no node", () => {
    expect(
      readAnalyses(
        "With pipe capacity in litres, what is the maximum water that can flow from Ayr to Bute?",
      )[0],
    ).toMatchObject({ kind: "flow", source: "Ayr", target: "Bute", disjoint: false });
    expect(nodeMentions("How many buyer-to-seller links are there in the market graph?")).toEqual(
      [],
    );
    expect(nodeMentions("How many peer-to-peer connections does the network have?")).toEqual([]);
  });
});

describe("figures", () => {
  it("keeps the tenths of a figure above 1000", () => {
    expect(formatFigure(1090.6000000001)).toBe("1090.6");
    expect(formatFigure(97826.08)).toBe("97826.1");
    expect(formatFigure(27.444444)).toBe("27.44");
  });
});
