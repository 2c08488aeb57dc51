import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { realGraphEngine } from "../testing/real-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { readAnalyses } from "./index";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Counted by hand: Spain = a01, a02 (2 of 5 = 40 %), zone 2 = a02, a05; links within one
// country: a01→a02 and a03→a04 (2 of 5), between countries: a02→a03, a04→a05, a05→a01 (3).
const edges = "source,target\na01,a02\na02,a03\na03,a04\na04,a05\na05,a01\n";
const nodes =
  "id,name,country,zone\na01,Ana,Spain,1\na02,Bea,Spain,2\na03,Cho,Japan,1\na04,Dai,Japan,3\na05,Eli,Canada,2\n";

async function ask(question: string) {
  const { answer } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await realGraphEngine({
      kind: "csv",
      texts: { edges, nodes },
      options: { directed: true },
    }),
  });
  return answer.split("\n")[0];
}

describe("sets and shares of nodes and links described by property values", {
  timeout: 60_000,
}, () => {
  it("lists the nodes with a text value or a numbered property", async () => {
    expect(await ask("Which accounts are in Spain?")).toBe(
      "2 nodes have Spain: Ana (a01), Bea (a02).",
    );
    expect(await ask("Which accounts are in zone 2?")).toBe(
      "2 nodes have zone 2: Bea (a02), Eli (a05).",
    );
  });

  it("gives the share of a type with a value, as a percentage and a fraction", async () => {
    expect(await ask("What share of accounts are in Spain?")).toBe(
      "40.0 % of the default nodes have Spain (2 of 5, a share of 0.4000).",
    );
  });

  it("counts the links within and between groups, answering what was asked", async () => {
    expect(await ask("How many links join accounts in different countries?")).toBe(
      "3 of the 5 links join nodes of different country (2 stay within the same country).",
    );
    expect(await ask("How many links stay within the same country?")).toBe(
      "2 of the 5 links stay within the same country (3 join different country).",
    );
  });

  it("leaves questions without such a set to the families they were", () => {
    expect(readAnalyses("What time is it?")).toEqual([]);
    expect(readAnalyses("What graph is loaded?")).toEqual([]);
  });
});

describe("share as a verb", () => {
  it("is not a proportion", () => {
    expect(readAnalyses("How many members do Atlas and Cobalt share?")[0]?.kind).not.toBe(
      "value-share",
    );
    expect(
      readAnalyses("With how many other courses does MATH210 share at least one student?")[0]?.kind,
    ).toBe("partners");
  });
});
