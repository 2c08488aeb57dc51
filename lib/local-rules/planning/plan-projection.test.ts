import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { company, metro } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Built once: a SQL dump is constructed in a sandbox, seconds each time.
const engines = {
  company: analysisGraphEngine({ kind: "sql", text: company }),
  metro: analysisGraphEngine({ kind: "csv", texts: metro, options: { directed: false } }),
};

async function ask(question: string, graph: "company" | "metro" = "company") {
  const engine = await engines[graph];
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine,
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("working with someone, and what two nodes share", { timeout: 120_000 }, () => {
  it("reads working with someone as the node's partners", () => {
    for (const [question, ask] of [
      ["List everyone Piet Lindqvist has worked with on a project.", "list"],
      ["Who has Piet Lindqvist collaborated with?", "list"],
      ["With whom has Piet Lindqvist collaborated?", "list"],
      ["Piet Lindqvist 跟哪些人合作过？", "list"],
      ["Who has Piet Lindqvist worked alongside?", "list"],
      ["How many co-workers does Piet Lindqvist have?", "count"],
      ["Piet Lindqvist 和哪些人一起参与过项目？", "list"],
    ] as const) {
      expect(readAnalyses(question)).toEqual([
        { kind: "partners", node: "Piet Lindqvist", ask, collaboration: true },
      ]);
    }
    // Counted partners through a named kind keep their reading; "work for" is not "with".
    expect(readAnalyses("With how many other products has products:36 shared an order?")).toEqual([
      { kind: "partners", node: "products:36", ask: "count" },
    ]);
    expect(readAnalyses("Who does Piet Lindqvist work for?")[0]?.kind).not.toBe("partners");
    // Colleagues reached by a verb with a direction are a degree.
    expect(readAnalyses("How many different colleagues does Mei Berg send emails to?")).toEqual([
      { kind: "degree", node: "Mei Berg", mode: "out", strength: false },
    ]);
  });

  it("reads members of both of two named nodes as their shared neighbours", () => {
    for (const [question, ask] of [
      ["How many people are on both Atlas and Cobalt?", "count"],
      ["Atlas 和 Halcyon 两个项目共有多少名成员？", "count"],
      ["Which employees work on both Atlas and Cobalt?", "list"],
      ["Which members do Atlas and Cobalt have in common?", "list"],
      ["同时参与 Atlas 和 Cobalt 的员工有多少？", "count"],
      ["Is anyone on both Atlas and Cobalt?", "exists"],
      ["Have Greta Thorsen and Katja Umland worked on the same project?", "exists"],
      ["Greta Thorsen 和 Piet Lindqvist 是否在同一个项目里？", "exists"],
    ] as const) {
      expect(readAnalyses(question)).toMatchObject([{ kind: "common-neighbours", ask }]);
    }
    expect(readAnalyses("What is the shortest path between both n0 and n33?")[0]?.kind).toBe(
      "path",
    );
    expect(readAnalyses("Are n0 and n33 in the same community?")[0]?.kind).toBe("same-community");
    expect(readAnalyses("Are n0 and n33 in the same connected component?")[0]?.kind).not.toBe(
      "common-neighbours",
    );
  });

  it("lists the people who share a project, through the link table", async () => {
    const partners = await ask("List everyone Piet Lindqvist has worked with on a project.");
    // Atlas: Greta; Cobalt: Katja, Greta; Halcyon: Leopold.
    expect(partners.lead).toBe(
      "Piet Lindqvist (employees:4) shares assignments links with 3 other employees: Greta Thorsen (employees:3), Leopold Hartmann (employees:2), Katja Umland (employees:5).",
    );
    expect(partners.calls.find((call) => call.toolName === "node_similarity")?.input).toMatchObject(
      { metric: "common_neighbors", node_id: "employees:4", edge_types: ["assignments"] },
    );
    // No kind named: what the link table records is what they share.
    expect((await ask("Who has Greta Thorsen collaborated with?")).lead).toBe(
      "Greta Thorsen (employees:3) shares assignments links with 2 other employees: Piet Lindqvist (employees:4), Katja Umland (employees:5).",
    );
  });

  it("lists direct neighbours on a graph of one kind of node", async () => {
    const direct = await ask("Who has Chapel End worked with?", "metro");
    expect(direct.lead).toBe("Chapel End (s4) has 4 neighbours within 1 hop.");
    expect(direct.calls.map((call) => call.toolName)).toContain("get_neighbors");
  });

  it("counts only the people two projects share, not their department", async () => {
    expect((await ask("How many people are on both Atlas and Cobalt?")).lead).toBe(
      "Atlas (projects:1) and Cobalt (projects:2) have 2 employees in common: Greta Thorsen (employees:3), Piet Lindqvist (employees:4).",
    );
    expect((await ask("Atlas 和 Halcyon 两个项目共有多少名成员？")).lead).toBe(
      "Atlas (projects:1) 和 Halcyon (projects:3) 共同连接 1 个 employees：Piet Lindqvist (employees:4)。",
    );
    // The same project: only projects count, not the manager or department they share.
    expect(
      (await ask("Have Greta Thorsen and Katja Umland worked on the same project?")).lead,
    ).toBe(
      "Yes — Greta Thorsen (employees:3) and Katja Umland (employees:5) have 1 project in common: Cobalt (projects:2).",
    );
    expect((await ask("Leopold Hartmann 和 Katja Umland 有没有参与同一个项目？")).lead).toBe(
      "否——Leopold Hartmann (employees:2) 和 Katja Umland (employees:5) 没有共同的 projects。",
    );
    // Shared neighbours asked as such still count every kind.
    expect((await ask("How many neighbours do Atlas and Cobalt have in common?")).lead).toBe(
      "Atlas (projects:1) and Cobalt (projects:2) have 3 neighbours in common: Research (departments:1), Greta Thorsen (employees:3), Piet Lindqvist (employees:4).",
    );
  });
});
