import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { type FakeEngine, runConversation } from "../testing/run-conversation";
import { endpointMentions, nodeMentions } from "./node-mentions";
import {
  chinesePlaceMentions,
  englishPlaceNames,
  placeNameAlternates,
} from "./place-name-translation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Airports labelled in English: Tokyo → Osaka → Seoul, Tokyo → Seoul; Oslo stands alone.
const airportNodes = "id,name\nHND,Tokyo\nKIX,Osaka\nICN,Seoul\nOSL,Oslo\n";
const airportEdges = "source,target\nHND,KIX\nKIX,ICN\nHND,ICN\n";

async function lead(question: string, engine: FakeEngine) {
  const { answer } = await runConversation({ question, state: attachedKarateState(), engine });
  return answer.split("\n")[0];
}

async function searches(question: string, engine: FakeEngine) {
  const { turns } = await runConversation({ question, state: attachedKarateState(), engine });
  return turns.flatMap((turn) =>
    turn.calls.filter((call) => call.toolName === "search_node").map((call) => call.input.query),
  );
}

describe("place names across languages", { timeout: 60_000 }, () => {
  it("reads a Chinese city or port name as the English names it stands for", () => {
    expect(englishPlaceNames("釜山")).toEqual(["Busan", "Pusan"]);
    expect(englishPlaceNames("新加坡港")).toEqual(["Singapore"]);
    expect(englishPlaceNames("纽约市")).toEqual(["New York", "New York City"]);
    expect(englishPlaceNames("无名小镇")).toEqual([]);
    expect(placeNameAlternates("汉堡港")).toEqual(["汉堡", "Hamburg"]);
  });

  it("finds the cities a Chinese question names, and no city inside another word", () => {
    const names = (text: string) => chinesePlaceMentions(text).map((entry) => entry.name);
    expect(names("洛杉矶有直航上海的航线吗？")).toEqual(["洛杉矶", "上海"]);
    expect(names("新加坡港所有进港航线的集装箱量")).toEqual(["新加坡港"]);
    // "最大连通分量" holds no Dalian; a label before a bracketed id is that id's.
    expect(names("最大连通分量有多少个节点？")).toEqual([]);
    expect(names("从孟买新港（NSA）到纽约要几天？")).toEqual(["纽约"]);
    // Countries stay property values ("西班牙有多少个账户").
    expect(names("西班牙有多少个账户？")).toEqual([]);
  });

  it("takes the id in brackets for the node, in Chinese and English", () => {
    expect(nodeMentions("从鹿特丹到卡亚俄（CLL）最少要经过几条航线？")).toEqual(["鹿特丹", "CLL"]);
    expect(
      endpointMentions("What is the shortest path from Port Said (PSD) to Rotterdam?"),
    ).toEqual({ source: "PSD", target: "Rotterdam" });
    expect(endpointMentions("按航行天数计算，从孟买新港（NSA）到纽约最快要几天？")).toEqual({
      source: "NSA",
      target: "纽约",
    });
  });

  it("does not take an opening verb, or the Chinese words after a Latin name, for a name", () => {
    expect(
      nodeMentions("Starting at Thunder Peak, how many other waypoints could I reach on foot?"),
    ).toEqual(["Thunder Peak"]);
    expect(nodeMentions("Beginning from Oslo, how many airports can I get to?")).toEqual(["Oslo"]);
    expect(nodeMentions("Leaving Shanghai and Singapore aside, which port is busiest?")).toEqual([
      "Shanghai",
      "Singapore",
    ]);
    expect(endpointMentions("从 Alderbrook 出发能走到 Cedarwick 吗？")).toEqual({
      source: "Alderbrook",
      target: "Cedarwick",
    });
    expect(endpointMentions("从 Alderbrook 出发能走到那里吗？").source).toBe("Alderbrook");
  });

  it("finds a node labelled in English from its Chinese name", async () => {
    const engine = await analysisGraphEngine({
      kind: "csv",
      texts: { edges: airportEdges, nodes: airportNodes },
      options: { directed: true },
    });
    // The name as written is searched first, then the place's English name.
    expect(await searches("东京和首尔之间有直达航线吗？", engine)).toEqual([
      "东京",
      "首尔",
      "Tokyo",
      "Seoul",
    ]);
    expect(await lead("首尔港有多少条进港航线？", engine)).toContain("Seoul (ICN)");
    // A name no gazetteer entry or label matches is still "not found", never guessed.
    expect(await lead("从大阪到无名港的最短路径是什么？", engine)).toContain("无名港");
  });

  it("reads a Chinese city as the English value of a property, not as a node", async () => {
    const engine = await analysisGraphEngine({
      kind: "csv",
      texts: {
        nodes: "id,name,city\nc1,Ann,Shanghai\nc2,Bo,Shanghai\nc3,Cy,Tokyo\nc4,Di,Tokyo\n",
        edges: "source,target\nc1,c2\nc2,c3\nc3,c4\n",
      },
    });
    expect(await lead("上海有多少个节点？", engine)).toBe("city 为 Shanghai 的节点共有 2 个。");
    expect(await lead("城市是东京的节点有几个？", engine)).toBe("city 为 Tokyo 的节点共有 2 个。");
  });
});
