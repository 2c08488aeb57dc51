import { describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import { constructFromSql } from "./construct-from-sql";
import { sqlSandboxStatus } from "./sql-sandbox";
import { hrDump } from "./test-dumps";

async function errorOf(run: () => Promise<unknown>): Promise<EngineError> {
  try {
    await run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

function edgesOf(graph: Awaited<ReturnType<typeof constructFromSql>>["graph"], type: string) {
  const typeIndex = graph.edgeTypeNames.indexOf(type);
  const edges: [string, string][] = [];
  graph.edgeTypeIndex.forEach((t, e) => {
    if (t === typeIndex) {
      edges.push([graph.nodeIds[graph.edgeSources[e]], graph.nodeIds[graph.edgeTargets[e]]]);
    }
  });
  return edges;
}

describe("constructFromSql on a pg_dump-style dump", { timeout: 60_000 }, () => {
  it("applies every TC-5 rule and reports what it skipped", async () => {
    const { graph, schemaSummary } = await constructFromSql({ text: hrDump });
    expect(graph.nodeIds).toEqual([
      "hr.employees:1",
      "hr.employees:2",
      "hr.employees:3",
      "hr.employees:4",
      "milestones:10",
      "milestones:11",
      "projects:apollo",
      "projects:hermes",
      "projects:zeus",
    ]);
    expect(graph.nodeProperties[0]).toEqual({
      id: 1,
      name: "Ada",
      email: "ada@example.com",
      mood: "happy",
      active: true,
      salary: 1234.5,
      // Beyond 2^53: kept as text rather than silently rounded.
      badge: "9007199254740993",
    });
    expect(graph.nodeLabels.slice(0, 3)).toEqual(["Ada", "Bob", 'Cy "the tab\tman"']);
    expect(graph.nodeLabels[4]).toBe("Liftoff");
    // Self-reference; NULL manager = no edge.
    expect(edgesOf(graph, "hr.employees.manager_id")).toEqual([
      ["hr.employees:2", "hr.employees:1"],
      ["hr.employees:3", "hr.employees:1"],
      ["hr.employees:4", "hr.employees:2"],
    ]);
    // A foreign key to a UNIQUE column, not the primary key.
    expect(edgesOf(graph, "projects.owner_email")).toEqual([
      ["projects:apollo", "hr.employees:1"],
      ["projects:hermes", "hr.employees:4"],
    ]);
    // Link table without a primary key, ordered by its key columns; NULL reference skipped.
    expect(edgesOf(graph, "assignments")).toEqual([
      ["hr.employees:1", "projects:apollo"],
      ["hr.employees:2", "projects:apollo"],
      ["hr.employees:4", "projects:hermes"],
    ]);
    const assignments = graph.edgeTypeNames.indexOf("assignments");
    expect(graph.edgeProperties[graph.edgeTypeIndex.indexOf(assignments)]).toEqual({
      role: "lead",
      hours: 10.5,
    });
    expect(graph.edgeTypeNames.slice().sort()).toEqual([
      "assignments",
      "hr.employees.manager_id",
      "projects.owner_email",
    ]);
    expect(schemaSummary.edgeTypes.map((t) => [t.edgeType, t.edges, t.nullReferences])).toEqual([
      ["assignments", 3, 1],
      ["hr.employees.manager_id", 3, 1],
      ["projects.owner_email", 2, 1],
    ]);
    expect(schemaSummary.skippedTables).toEqual([
      { table: "audit_log", reason: expect.stringMatching(/no primary key/) },
      { table: "project_phases", reason: expect.stringMatching(/composite primary key/) },
    ]);
    expect(schemaSummary.skippedForeignKeys).toEqual([
      {
        table: "milestones",
        constraint: "milestones_phase_fkey",
        columns: ["project_code", "phase"],
        reason: expect.stringMatching(/multi-column/),
      },
    ]);
    expect(schemaSummary.statements?.copyBlocks).toBe(2);
    expect(schemaSummary.statements?.ignored).toBeGreaterThan(10);
  });

  it("reports a bad COPY data line with its line in the dump", async () => {
    const broken = hrDump.replace("4\tDi\t2\t", "four\tDi\t2\t");
    const error = await errorOf(() => constructFromSql({ text: broken }));
    expect(error.code).toBe("PARSE_ERROR");
    const line = broken.split("\n").findIndex((text) => text.startsWith("four\t")) + 1;
    expect(error.details).toMatchObject({ line, sqlState: "22P02" });
    expect(error.message).toMatch(/invalid input syntax for type integer/);
    expect(sqlSandboxStatus().liveWorkers).toBe(0);
  });

  it("names the statement PostgreSQL refused inside a batch", async () => {
    const dump =
      "CREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t VALUES (1);\n\nINSERT INTO t VALUES (1);\n";
    const error = await errorOf(() => constructFromSql({ text: dump }));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 4, sqlState: "23505" });
    expect(error.message).toMatch(/duplicate key/);
  });
});
