import { describe, expect, it } from "vitest";
import { reportTitle } from "./report-title";

// A report's title says what the analyst asked, without the request around it.

describe("reportTitle", () => {
  it.each([
    [
      "Write a report on the most central customers and their communities",
      "The most central customers and their communities",
    ],
    [
      "Please write a short report about the communities of the karate club",
      "The communities of the karate club",
    ],
    [
      "Can you create a detailed report on the shortest path from n0 to n33?",
      "The shortest path from n0 to n33",
    ],
    [
      "Generate an analysis report covering the bridges between factions",
      "The bridges between factions",
    ],
    ["I need a report on PageRank leaders, with a picture", "PageRank leaders"],
    ["Find the most central customers and write a report", "Most central customers"],
    [
      "Find the most central customers, and give me a visualisation and a report",
      "Most central customers",
    ],
    [
      "Which members bridge the two factions? Write a report.",
      "Which members bridge the two factions",
    ],
    ["Show me the communities and visualise them", "Communities"],
  ])("%s → %s", (question, title) => {
    expect(reportTitle(question)).toBe(title);
  });

  it.each([
    ["生成一份关于客户社区结构的分析报告", "客户社区结构"],
    ["关于最短路径的报告", "最短路径"],
    ["写一份关于这个图的报告", "这个图"],
    ["请写一份报告：PageRank 前10的节点", "PageRank 前10的节点"],
    ["找出最重要的客户，并生成报告", "最重要的客户"],
    ["分析社区结构，然后可视化", "社区结构"],
  ])("%s → %s", (question, title) => {
    expect(reportTitle(question)).toBe(title);
  });

  it.each(["write a report", "Write a report.", "请生成报告", "生成报告"])(
    "has no title when only the request is left: %s",
    (question) => {
      expect(reportTitle(question)).toBeNull();
    },
  );

  it("clips a long subject at a word and marks the cut", () => {
    const title = reportTitle(
      "Write a report on the most central customers and their communities in the large retail transaction network built from last year's uploaded order and product tables",
    );
    expect(title).toBe(
      "The most central customers and their communities in the large retail transaction network…",
    );
    expect((title ?? "").length).toBeLessThanOrEqual(91);
  });
});
