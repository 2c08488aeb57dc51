import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { type FakeEngine, runConversation } from "../testing/run-conversation";
import { walkGraphEngine } from "../testing/walk-graph-engine";
import { asksForRole } from "./edge-roles";
import { roleNoun } from "./role-words";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A lab's dump whose researchers name their advisor by a foreign key into their own table:
// Ines Okafor advises Pavel Ruiz and Lena Brandt; Pavel advises Tomas Weir. Papers link the
// researchers to another kind of node, so the advisor link is one edge type among several.
const lab = [
  "CREATE TABLE researchers (id integer PRIMARY KEY, name text NOT NULL, advisor_id integer REFERENCES researchers(id));",
  "CREATE TABLE papers (id integer PRIMARY KEY, title text NOT NULL);",
  "CREATE TABLE authorships (researcher_id integer NOT NULL REFERENCES researchers(id), paper_id integer NOT NULL REFERENCES papers(id), PRIMARY KEY (researcher_id, paper_id));",
  "INSERT INTO researchers VALUES (1, 'Ines Okafor', NULL), (2, 'Pavel Ruiz', 1), (3, 'Lena Brandt', 1), (4, 'Tomas Weir', 2);",
  "INSERT INTO papers VALUES (1, 'Sparse Graphs'), (2, 'Dense Graphs');",
  "INSERT INTO authorships VALUES (1, 1), (2, 1), (4, 2), (3, 2);",
].join("\n");

const input = { kind: "sql" as const, text: lab };

async function labEngine(): Promise<FakeEngine> {
  const walk = await walkGraphEngine(input);
  const analysis = await analysisGraphEngine(input);
  return (call) => (call.toolName === "shortest_path" ? walk(call) : analysis(call));
}
const engine = labEngine();

async function lead(question: string): Promise<string> {
  const { answer } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engine,
  });
  return answer.split("\n")[0];
}

describe("a role named by a self-referencing foreign key's column", () => {
  it("is the column word or its Chinese word", () => {
    expect(roleNoun("advisor").test("Who are Pavel's advisors?")).toBe(true);
    expect(roleNoun("advisor").test("Tomas Weir 的导师是谁？")).toBe(true);
    expect(roleNoun("parent").test("n4 的父节点是哪个？")).toBe(true);
    expect(roleNoun("advisor").test("Who manages Tomas?")).toBe(false);
  });

  it.each([
    ["Whose advisor is Ines Okafor?", "Ines Okafor"],
    ["Who is Tomas Weir's advisor?", "Tomas Weir"],
    ["Who is the supervisor of n4?", "n4"],
    ["Who has Ines Okafor as their advisor?", "Ines Okafor"],
    ["Tomas Weir 的导师是谁？", "Tomas Weir"],
    ["哪些研究人员的导师是 Ines Okafor？", "Ines Okafor"],
    ["Ines Okafor 是谁的导师？", "Ines Okafor"],
  ])("asks for the other end of a role: %s", (question, node) => {
    expect(asksForRole(question, node)).toBe(true);
    expect(readAnalyses(question)).toMatchObject([{ kind: "neighbours", node }]);
  });
});

describe("role questions answered on a lab dump", { timeout: 120_000 }, () => {
  it("follows the advisor links into or out of the named researcher", async () => {
    const advisees = await lead("Whose advisor is Ines Okafor?");
    expect(advisees).toContain("Pavel Ruiz (researchers:2)");
    expect(advisees).toContain("Lena Brandt (researchers:3)");
    expect(advisees).not.toContain("Tomas");
    expect(await lead("Who is Tomas Weir's advisor?")).toMatch(/^Pavel Ruiz \(researchers:2\)/);
    expect(await lead("Tomas Weir 的导师是谁？")).toMatch(/^Pavel Ruiz \(researchers:2\)/);
    const chinese = await lead("哪些研究人员的导师是 Ines Okafor？");
    expect(chinese).toContain("Pavel Ruiz (researchers:2)");
    expect(chinese).toContain("Lena Brandt (researchers:3)");
  });

  it("walks a chain of advisors from its owner", async () => {
    expect(await lead("Is Ines Okafor somewhere in Tomas Weir's chain of advisors?")).toMatch(
      /^Yes/,
    );
    expect(await lead("Is Tomas Weir somewhere in Lena Brandt's chain of advisors?")).toMatch(
      /^No/,
    );
    expect(await lead("Ines Okafor 在 Tomas Weir 的导师链上吗？")).toMatch(/^是的/);
  });
});
