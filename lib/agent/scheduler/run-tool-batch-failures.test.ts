import { afterEach, describe, expect, it, vi } from "vitest";
import { runToolBatch } from "./run-tool-batch";
import { call } from "./testing/fake-tools";
import { graphToolDescriptors } from "./testing/graph-tool-descriptors";
import { startBatch } from "./testing/start-batch";

const load = (id: string, dataset = "a") =>
  call({ id, tool: "load_constructed_graph", args: { dataset_id: dataset } });

describe("runToolBatch failures (DAG-4, MCP-4)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("blocks centrality behind a failed load while an independent call still runs", async () => {
    const batch = await startBatch({
      calls: [
        load("load"),
        call({ id: "centrality", tool: "node_centrality", args: { algorithm: "degree" } }),
        call({ id: "report", tool: "create_analysis_report", args: { title: "t" } }),
      ],
    });
    expect(batch.tools.running()).toEqual(["load", "report"]);
    // Transport fine, business failure: success=false must count as failed.
    await batch.tools.finish("load", { success: false, status: "failed", error_code: "NOT_FOUND" });
    expect(batch.tools.running()).toEqual(["report"]);
    await batch.tools.finish("report");
    const [loaded, centrality, report] = await batch.result;
    expect(loaded).toMatchObject({ status: "failed", errorCode: "NOT_FOUND" });
    expect(centrality).toMatchObject({
      status: "blocked",
      errorCode: "TOOL_DEPENDENCY_BLOCKED",
      blockedBy: ["load"],
    });
    expect(centrality.envelope).toBeUndefined();
    expect(report.status).toBe("succeeded");
    expect(batch.tools.started).toEqual(["load", "report"]);
    expect(batch.log.lines()).toEqual([
      "tool_started load",
      "tool_started report",
      "tool_completed load NOT_FOUND",
      "tool_blocked centrality by load",
      "tool_completed report ok",
    ]);
  });

  it("names the direct blocked prerequisite when blocking spreads", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "build", tool: "construct_graph", args: { dataset_id: "a" } }),
        load("load"),
        call({ id: "centrality", tool: "node_centrality" }),
      ],
    });
    await batch.tools.throwError(
      "build",
      Object.assign(new Error("no such file"), { code: "PARSE_ERROR" }),
    );
    const [build, loaded, centrality] = await batch.result;
    expect(build).toMatchObject({ status: "failed", errorCode: "PARSE_ERROR" });
    expect(build.envelope).toMatchObject({ success: false, message: "no such file" });
    expect(loaded.blockedBy).toEqual(["build"]);
    expect(centrality.blockedBy).toEqual(["load"]);
  });

  it("turns a code-less throw (also a synchronous one) into INTERNAL_ERROR", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const outcomes = await runToolBatch({
      calls: [call({ id: "info", tool: "get_graph_info" })],
      descriptors: graphToolDescriptors(),
      maxConcurrency: 4,
      execute: () => {
        throw new Error("socket hang up at http://internal:9000");
      },
      emit: () => {},
    });
    expect(outcomes[0]).toMatchObject({ status: "failed", errorCode: "INTERNAL_ERROR" });
    expect(outcomes[0].envelope?.message).not.toContain("internal:9000");
  });

  it("blocks dependants of a call that only returned an unfinished job", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "build", tool: "construct_graph", args: { dataset_id: "a" } }),
        load("load"),
      ],
    });
    await batch.tools.finish("build", { status: "queued", async: true, job_id: "job_1" });
    const [build, loaded] = await batch.result;
    expect(build.status).toBe("succeeded");
    expect(loaded).toMatchObject({ status: "blocked", blockedBy: ["build"] });
  });

  it("lets a precheck refuse a call before it runs (DATASET_SCOPE_REQUIRED)", async () => {
    const batch = await startBatch({
      calls: [load("load", "foreign"), call({ id: "degree", tool: "degree_analysis" })],
      overrides: {
        precheck: ({ call: planned }) =>
          planned.args.dataset_id === "foreign"
            ? { success: false, status: "failed", error_code: "DATASET_SCOPE_REQUIRED" }
            : undefined,
      },
    });
    const [loaded, degree] = await batch.result;
    expect(batch.tools.started).toEqual([]);
    expect(loaded).toMatchObject({ status: "failed", errorCode: "DATASET_SCOPE_REQUIRED" });
    expect(degree).toMatchObject({ status: "blocked", blockedBy: ["load"] });
    expect(batch.log.lines()).toEqual([
      "tool_started load",
      "tool_completed load DATASET_SCOPE_REQUIRED",
      "tool_blocked degree by load",
    ]);
  });

  it("finishes its bookkeeping, then rejects, when emit throws", async () => {
    let executed = 0;
    const attempt = runToolBatch({
      calls: [
        call({ id: "load", tool: "load_constructed_graph" }),
        call({ id: "info", tool: "get_graph_info" }),
      ],
      descriptors: graphToolDescriptors(),
      maxConcurrency: 4,
      execute: async () => {
        executed += 1;
        return { success: true, status: "completed" };
      },
      emit: () => {
        throw new Error("event buffer closed");
      },
    });
    await expect(attempt).rejects.toThrow("event buffer closed");
    expect(executed).toBe(2);
  });

  it("turns a throwing precheck into that call's failure", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({ id: "degree", tool: "degree_analysis" }),
      ],
      overrides: {
        precheck: ({ call: planned }) => {
          if (planned.toolCallId === "degree") {
            throw Object.assign(new Error("scope not loaded"), { code: "SERVICE_UNAVAILABLE" });
          }
          return undefined;
        },
      },
    });
    await batch.tools.finish("info");
    const [info, degree] = await batch.result;
    expect(info.status).toBe("succeeded");
    expect(degree).toMatchObject({ status: "failed", errorCode: "SERVICE_UNAVAILABLE" });
  });
});
