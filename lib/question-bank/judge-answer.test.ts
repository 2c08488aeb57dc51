import { describe, expect, it } from "vitest";
import { judgeAnswer } from "./judge-answer";
import { type BankQuestion, bankQuestionSchema, type Expect } from "./question-bank-schema";
import { karateLoad, succeeded } from "./testing/tool-calls";
import type { RunToolCall } from "./tool-result-evidence";

function question(text: string, expect: Record<string, unknown>): BankQuestion {
  return bankQuestionSchema.parse({
    id: "q",
    dataset: "karate",
    lang: "en",
    family: "test",
    question: text,
    expect: expect as Expect,
    reference: "test",
  });
}

function judge(input: {
  question: BankQuestion;
  answer: string;
  toolCalls: RunToolCall[];
  runStatus?: string;
}) {
  return judgeAnswer({ runStatus: "completed", ...input });
}

const footer =
  '\n\n_Sources: graph verified by load_constructed_graph: dataset "karate_edges" (3e6727d0-7711-4e4c-9ef5-d62a73e143c9), revision 1, 34 nodes, 78 edges_';

describe("judgeAnswer: run and refusal", () => {
  const edges = question("How many edges does this graph have?", {
    type: "number",
    value: 78,
    tolerance: 0,
  });

  it("needs a completed run", () => {
    const verdict = judge({
      question: edges,
      answer: "The graph has 78 edges.",
      toolCalls: [karateLoad],
      runStatus: "failed",
    });
    expect(verdict).toEqual({ correct: false, reason: "the run ended failed" });
  });

  it("takes the offline model's refusal as wrong, in English and Chinese", () => {
    for (const answer of [
      "I can't plan that offline. The built-in local-rules model follows fixed rules. It has 78 edges.",
      "这个问题我无法离线规划。图有 78 条边。",
      "I can’t do this here: the tool query_graph is not offered in this session. 78",
    ]) {
      const verdict = judge({ question: edges, answer, toolCalls: [karateLoad] });
      expect(verdict.correct).toBe(false);
      expect(verdict.reason).toMatch(/refused/);
    }
  });
});

describe("judgeAnswer: numbers", () => {
  const clustering = question("What is the average clustering coefficient?", {
    type: "number",
    value: 0.5706384782076823,
    tolerance: 0.0005,
  });
  const metrics = succeeded("graph_metrics", { metrics: { average_clustering: 0.5706384782 } });

  it("reads the figure from the lead, at its printed precision", () => {
    const right = judge({
      question: clustering,
      answer: `The average clustering coefficient is 0.571.${footer}`,
      toolCalls: [karateLoad, metrics],
    });
    expect(right.correct).toBe(true);
    const coarse = judge({
      question: clustering,
      answer: "The average clustering coefficient is 0.57.",
      toolCalls: [karateLoad, metrics],
    });
    expect(coarse).toMatchObject({ correct: false });
    expect(coarse.reason).toContain("figures in the lead: 0.57");
  });

  it("reads only the lead, not a table or notes below it", () => {
    const verdict = judge({
      question: clustering,
      answer: "Here are the metrics.\n\n| Metric | Value |\n| --- | --- |\n| clustering | 0.5706 |",
      toolCalls: [karateLoad, metrics],
    });
    expect(verdict.correct).toBe(false);
  });

  it("reads a figure next to Chinese characters", () => {
    const triangles = question("图中共有多少个三角形？", { type: "number", value: 45 });
    const verdict = judge({
      question: triangles,
      answer: "图中共45个三角形。",
      toolCalls: [karateLoad, succeeded("graph_metrics", { metrics: { triangle_count: 45 } })],
    });
    expect(verdict.correct).toBe(true);
  });

  it("does not read a node id as the figure", () => {
    const degree = question("What is the degree of node n33?", { type: "number", value: 33 });
    const verdict = judge({
      question: degree,
      answer: "n33 has 17 connections.",
      toolCalls: [karateLoad, succeeded("degree_analysis", { nodes: [{ id: "n33", degree: 33 }] })],
    });
    expect(verdict.correct).toBe(false);
  });

  it("needs the value in a successful tool result, bookkeeping fields aside", () => {
    const degree = question("What is the degree of node n33?", { type: "number", value: 17 });
    const guessed = judge({
      question: degree,
      answer: "n33 has 17 connections.",
      toolCalls: [karateLoad, succeeded("degree_analysis", { top_k: 17, limit: 17 })],
    });
    expect(guessed.correct).toBe(false);
    expect(guessed.reason).toContain("no successful tool result");
  });
});

describe("judgeAnswer: entity", () => {
  const officer = question("Which officer has the most connections?", {
    type: "entity",
    value: "n33",
    rivals: ["n32", "n31"],
  });
  const ranking = succeeded("degree_analysis", {
    top: [
      { id: "n33", type: "default", label: "n33", degree: 17 },
      { id: "n32", type: "default", label: "n32", degree: 12 },
      { id: "n0", type: "default", label: "n0", degree: 16 },
    ],
  });

  it("takes the value named before any rival", () => {
    const verdict = judge({
      question: officer,
      answer: "n33 has the most connections among officers (degree 17), ahead of n32 (12).",
      toolCalls: [karateLoad, ranking],
    });
    expect(verdict.correct).toBe(true);
  });

  it("refuses a rival named first", () => {
    const verdict = judge({
      question: officer,
      answer: "n32 comes second to n33.",
      toolCalls: [karateLoad, ranking],
    });
    expect(verdict).toEqual({ correct: false, reason: "the lead names the rival n32 before n33" });
  });

  it("refuses another node of the same type from the tool results named first", () => {
    const verdict = judge({
      question: officer,
      answer: "n0 leads overall, but among officers n33 has the most connections.",
      toolCalls: [karateLoad, ranking],
    });
    expect(verdict.correct).toBe(false);
    expect(verdict.reason).toContain("names n0");
  });

  it("excepts nodes the question names", () => {
    const similar = question("Which node is most similar to n32?", {
      type: "entity",
      value: "n33",
      rivals: ["n28"],
    });
    const verdict = judge({
      question: similar,
      answer: "The node most similar to n32 is n33 (Jaccard 0.5263).",
      toolCalls: [karateLoad, ranking],
    });
    expect(verdict.correct).toBe(true);
  });

  it("uses aliases, and a shared label (a Cora class) is no node's name", () => {
    const paper = question("Which paper has the highest degree?", {
      type: "entity",
      value: "p1358",
      rivals: ["p306"],
    });
    const papers = succeeded("degree_analysis", {
      top: [
        { id: "p1358", type: "default", label: "c2", degree: 168 },
        { id: "p306", type: "default", label: "c1", degree: 78 },
        { id: "p1701", type: "default", label: "c2", degree: 74 },
      ],
    });
    const verdict = judge({
      question: paper,
      answer: "c2 (p1358) has the most connections (degree 168).",
      toolCalls: [karateLoad, papers],
    });
    expect(verdict.correct).toBe(true);
    const customer = question("订单总金额最高的客户是谁？", {
      type: "entity",
      value: "customers:26",
      aliases: ["Customer 26"],
      rivals: ["customers:34"],
      rival_aliases: { "customers:34": ["Customer 34"] },
    });
    const totals = succeeded("query_graph", { rows: [["customers:26", "Customer 26", 3512.4]] });
    expect(
      judge({
        question: customer,
        answer: "订单总金额最高的客户是 Customer 26（3512.4），其次是 Customer 34。",
        toolCalls: [karateLoad, totals],
      }).correct,
    ).toBe(true);
    expect(
      judge({
        question: customer,
        answer: "Customer 34 和 Customer 26 的订单总金额最高。",
        toolCalls: [karateLoad, totals],
      }).correct,
    ).toBe(false);
  });

  it("respects name boundaries: Customer 2 is not Customer 26", () => {
    const customer = question("Who spends most?", {
      type: "entity",
      value: "customers:2",
      aliases: ["Customer 2"],
    });
    const verdict = judge({
      question: customer,
      answer: "Customer 26 spends most.",
      toolCalls: [karateLoad, succeeded("query_graph", { rows: [["customers:2"]] })],
    });
    expect(verdict.correct).toBe(false);
  });

  it("needs the value in a tool result", () => {
    const segment = question("Which customer segment spends the most?", {
      type: "entity",
      value: "wholesale",
      rivals: ["online", "retail"],
    });
    const verdict = judge({
      question: segment,
      answer: "The wholesale segment spends the most.",
      toolCalls: [karateLoad],
    });
    expect(verdict.correct).toBe(false);
    expect(verdict.reason).toContain("no successful tool result");
  });
});

describe("judgeAnswer: entities, pair and path", () => {
  const neighbours = succeeded("get_neighbors", {
    neighbours: ["n0", "n6", "n10", "n16"].map((id) => ({ id, type: "default", label: id })),
  });

  it("counts entities anywhere in the answer, tables included", () => {
    const near = question("Which nodes are connected to n5?", {
      type: "entities",
      values: ["n0", "n6", "n10", "n16"],
      min_hits: 4,
    });
    const answer =
      "n5 has 4 neighbours within 1 hop.\n\n| Node | Hops |\n| --- | --- |\n| n0 | 1 |\n| n6 | 1 |\n| n10 | 1 |\n| n16 | 1 |";
    expect(judge({ question: near, answer, toolCalls: [karateLoad, neighbours] }).correct).toBe(
      true,
    );
    const partial = judge({
      question: near,
      answer: "n5 touches n0, n6 and n10.",
      toolCalls: [karateLoad, neighbours],
    });
    expect(partial.correct).toBe(false);
    expect(partial.reason).toContain("not named: n16");
  });

  it("needs both members of a pair in one sentence of the lead", () => {
    const pair = question("哪两个尚未相连的节点最可能产生连接？", {
      type: "pair",
      values: ["n2", "n33"],
    });
    const pairs = succeeded("node_similarity", { pairs: [{ source: "n2", target: "n33" }] });
    expect(
      judge({
        question: pair,
        answer: "最可能产生连接的尚未相连节点对是 n2 和 n33（Adamic–Adar 指数 4.719）。",
        toolCalls: [karateLoad, pairs],
      }).correct,
    ).toBe(true);
    expect(
      judge({
        question: pair,
        answer: "最可能的是 n2。它会与 n33 相连。",
        toolCalls: [karateLoad, pairs],
      }).correct,
    ).toBe(false);
  });

  it("needs source, target and length of a path in the lead", () => {
    const path = question("n0 和 n33 之间的最短路径有几跳？", {
      type: "path",
      length: 2,
      source: "n0",
      target: "n33",
    });
    const shortest = succeeded("shortest_path", {
      path: ["n0", "n8", "n33"].map((id) => ({ id, type: "default", label: id })),
      source: "n0",
      target: "n33",
    });
    expect(
      judge({
        question: path,
        answer: "从 n0 到 n33 的最短路径共 2 跳：n0 → n8 → n33。",
        toolCalls: [karateLoad, shortest],
      }).correct,
    ).toBe(true);
    const noLength = judge({
      question: path,
      answer: "n0 → n8 → n33",
      toolCalls: [karateLoad, shortest],
    });
    expect(noLength.reason).toContain("does not state the length 2");
  });
});

describe("judgeAnswer: yes / no", () => {
  const edge = question("Is there an edge between n0 and n33?", { type: "boolean", value: false });
  const neighbours = succeeded("get_neighbors", { neighbours: [{ id: "n1" }, { id: "n2" }] });

  it("takes the expected answer, either way", () => {
    expect(
      judge({
        question: edge,
        answer: "No — n0 and n33 are not linked.",
        toolCalls: [karateLoad, neighbours],
      }).correct,
    ).toBe(true);
    const linked = question("Is there an edge between n0 and n1?", {
      type: "boolean",
      value: true,
    });
    expect(
      judge({
        question: linked,
        answer: "Yes — n0 and n1 are linked.",
        toolCalls: [karateLoad, neighbours],
      }).correct,
    ).toBe(true);
    expect(
      judge({
        question: edge,
        answer: "Yes — n0 and n33 are linked.",
        toolCalls: [karateLoad, neighbours],
      }),
    ).toEqual({ correct: false, reason: "says yes (opening word), expected no" });
  });

  it("needs a successful analysis tool, not just loading and search", () => {
    const verdict = judge({
      question: edge,
      answer: "No — n0 and n33 are not linked.",
      toolCalls: [karateLoad, succeeded("search_node", { matches: [] })],
    });
    expect(verdict.correct).toBe(false);
    expect(verdict.reason).toContain("no analysis tool");
  });
});
