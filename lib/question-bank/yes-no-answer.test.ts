import { describe, expect, it } from "vitest";
import { readYesNo } from "./yes-no-answer";

const read = (lead: string, question: string) => readYesNo({ lead, question })?.answer;

describe("readYesNo", () => {
  it("reads an opening yes or no in English", () => {
    const question = "Is there an edge between n0 and n33?";
    expect(read("Yes — n0 and n33 are linked.", question)).toBe("yes");
    expect(read("**No** — n0 and n33 are not linked.", question)).toBe("no");
    expect(read("No. They share 4 neighbours.", question)).toBe("no");
  });

  it("reads the Chinese opening words both ways", () => {
    const question = "p0 和 p3 之间是否存在路径？";
    expect(read("是的，存在路径。", question)).toBe("yes");
    expect(read("存在：p0 → p8 → p3。", question)).toBe("yes");
    expect(read("有一条 3 跳的路径。", question)).toBe("yes");
    expect(read("可以到达。", question)).toBe("yes");
    expect(read("否——从 p0 无法到达 p3，两者之间不存在路径。", question)).toBe("no");
    expect(read("不存在路径。", question)).toBe("no");
    expect(read("没有路径。", question)).toBe("no");
    expect(read("无路径相连。", question)).toBe("no");
  });

  it("does not take 'Node' for 'No' or 有向/无向 for an answer", () => {
    const question = "Is n15 reachable from n16?";
    expect(read("Node n15 is reachable from n16 in 5 hops.", question)).toBe("yes");
    expect(read("无向图中 n15 可以从 n16 到达。", question)).toBe("yes");
    expect(read("有向图中 n15 不能从 n16 到达。", question)).toBe("no");
  });

  it("reads a negation in a sentence about the question's subject", () => {
    expect(read("n0 and n33 are not adjacent.", "Is there an edge between n0 and n33?")).toBe("no");
    expect(read("There is no path between p0 and p3.", "Is p3 reachable from p0?")).toBe("no");
    expect(read("The graph contains 45 triangles.", "Does the graph contain a cycle?")).toBe("yes");
    expect(read("p0 与 p3 之间没有路径。", "p0 和 p3 之间是否存在路径？")).toBe("no");
    expect(read("图中存在环路。", "这个图有环吗？")).toBe("yes");
  });

  it("says nothing when the first sentence is off the subject", () => {
    expect(read("The karate club has 34 members.", "Is there an edge between n0 and n33?")).toBe(
      undefined,
    );
    expect(read("", "Is there an edge between n0 and n33?")).toBe(undefined);
  });

  it("reads only the first sentence", () => {
    expect(read("Yes, they are linked. No other edge exists.", "Are n0 and n1 linked?")).toBe(
      "yes",
    );
  });
});
