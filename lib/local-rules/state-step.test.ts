import { describe, expect, it } from "vitest";
import {
  attachedKarateState,
  boundKarateState,
  emptyState,
} from "@/lib/contracts/testing/session-states";
import { karateDescription, karateEngine } from "./testing/karate-engine";
import { fail, ok, runConversation } from "./testing/run-conversation";

const question = "What are the top 5 nodes by PageRank?";

function toolNamesPerTurn(turns: { calls: { toolName: string }[] }[]) {
  return turns.map((turn) => turn.calls.map((call) => call.toolName));
}

describe("Step A: the graph is verified before any analysis (SS-3, SS-5)", () => {
  it("loads a ready attached dataset with its revision and never rebuilds it", async () => {
    const { turns } = await runConversation({
      question,
      state: attachedKarateState(),
      engine: karateEngine(),
    });
    expect(turns[0].calls).toEqual([
      {
        toolCallId: expect.any(String),
        toolName: "load_constructed_graph",
        input: { dataset_id: "ds_karate", revision: 3 },
      },
    ]);
    expect(toolNamesPerTurn(turns).flat()).not.toContain("construct_graph");
    expect(toolNamesPerTurn(turns)).toEqual([
      ["load_constructed_graph"],
      ["get_graph_info"],
      ["node_centrality"],
      [],
    ]);
  });

  it("builds a dataset without a usable construction, then loads the built revision", async () => {
    const state = attachedKarateState();
    state.construction_sources[0].construction_status = "none";
    state.construction_sources[0].construction_revision = null;
    const engine = karateEngine({
      construct_graph: () =>
        ok({
          construction: { dataset_id: "ds_karate", revision: 4, status: "ready", node_count: 34 },
        }),
    });
    const { turns, answer } = await runConversation({ question, state, engine });
    expect(turns[0].calls.map((call) => [call.toolName, call.input])).toEqual([
      ["construct_graph", { dataset_id: "ds_karate" }],
    ]);
    expect(turns[1].calls.map((call) => [call.toolName, call.input])).toEqual([
      ["load_constructed_graph", { dataset_id: "ds_karate", revision: 4 }],
    ]);
    expect(answer).toContain("built revision 4");
  });

  it("checks the session graph with get_graph_info when nothing is in scope", async () => {
    const { turns, answer } = await runConversation({
      question,
      state: emptyState(),
      engine: karateEngine(),
    });
    expect(toolNamesPerTurn(turns)).toEqual([["get_graph_info"], ["node_centrality"], []]);
    expect(answer).toContain("graph verified by get_graph_info");
  });

  it("says there is no graph (and how to get one) only after checking", async () => {
    const engine = karateEngine({ get_graph_info: () => ok({ loaded: false }) });
    const { turns, answer } = await runConversation({ question, state: emptyState(), engine });
    expect(toolNamesPerTurn(turns)).toEqual([["get_graph_info"], []]);
    expect(answer).toContain("No graph is loaded in this session (checked with get_graph_info)");
    expect(answer).toContain("Upload a CSV, TXT or SQL file");
  });

  it("works without any session-state block by checking the session graph", async () => {
    const { turns } = await runConversation({ question, state: null, engine: karateEngine() });
    expect(turns[0].calls.map((call) => call.toolName)).toEqual(["get_graph_info"]);
  });

  it("verifies a hinted graph of the bound dataset instead of reloading it", async () => {
    const state = boundKarateState({ graph_loaded_hint: true });
    const { turns } = await runConversation({ question, state, engine: karateEngine() });
    expect(toolNamesPerTurn(turns)).toEqual([["get_graph_info"], ["node_centrality"], []]);
  });

  it("loads the bound dataset when the hinted graph turns out to be missing", async () => {
    const state = boundKarateState({ graph_loaded_hint: true });
    const engine = karateEngine({ get_graph_info: () => ok({ loaded: false }) });
    const { turns } = await runConversation({ question, state, engine });
    expect(toolNamesPerTurn(turns).slice(0, 2)).toEqual([
      ["get_graph_info"],
      ["load_constructed_graph"],
    ]);
  });

  it("loads the only constructed dataset of the project when nothing is bound", async () => {
    const state = emptyState({
      available_constructed_datasets: [
        { dataset_id: "ds_karate", name: "karate.csv", construction_revision: 3 },
      ],
    });
    const { turns } = await runConversation({ question, state, engine: karateEngine() });
    expect(turns[0].calls[0].input).toEqual({ dataset_id: "ds_karate", revision: 3 });
  });

  it("explains a failed load and its next step instead of analysing an empty graph (MCP-4)", async () => {
    const engine = karateEngine({
      load_constructed_graph: () =>
        fail("DATASET_SCOPE_REQUIRED", "Dataset ds_karate is not in this session's project scope."),
    });
    const { turns, answer } = await runConversation({
      question,
      state: attachedKarateState(),
      engine,
    });
    expect(toolNamesPerTurn(turns)).toEqual([["load_constructed_graph"], []]);
    expect(answer).toContain("load_constructed_graph failed with DATASET_SCOPE_REQUIRED");
    expect(answer).toContain("not in this session's project scope");
    expect(answer).toContain("Next step: attach the dataset");
    expect(answer).not.toMatch(/PageRank,/);
  });

  it("explains a construction failure with its line and column", async () => {
    const state = attachedKarateState();
    state.construction_sources[0].construction_status = "failed";
    const engine = karateEngine({
      construct_graph: () => fail("PARSE_ERROR", "Unterminated quote.", { line: 12, column: 7 }),
    });
    const { answer } = await runConversation({ question, state, engine });
    expect(answer).toContain(
      "construct_graph failed with PARSE_ERROR: Unterminated quote. (line 12, column 7)",
    );
    expect(answer).toContain("fix the file");
  });

  it("asks for the file again, not a fix, when its stored copy is missing (inline or as a job)", async () => {
    const state = attachedKarateState();
    state.construction_sources[0].construction_status = "none";
    const missing = "The stored file of dataset karate.csv is missing.";
    for (const failure of [
      fail("UPLOAD_UNAVAILABLE", missing),
      fail("JOB_FAILED", missing, {
        job_id: "j-1",
        error: { code: "UPLOAD_UNAVAILABLE", message: missing },
      }),
    ]) {
      const engine = karateEngine({ construct_graph: () => failure });
      const { answer } = await runConversation({ question, state, engine });
      expect(answer).toContain("upload the file again (nothing is wrong with its contents)");
      expect(answer).not.toContain("fix the file");
    }
  });

  it("says to try again later when a service the step needs is unreachable", async () => {
    const state = attachedKarateState();
    state.construction_sources[0].construction_status = "none";
    const engine = karateEngine({
      construct_graph: () => fail("SERVICE_UNAVAILABLE", "The database is not reachable."),
    });
    const { answer } = await runConversation({ question, state, engine });
    expect(answer).toContain("could not be reached; try again in a moment");
  });

  it("answers that a dataset still building has no graph yet", async () => {
    const state = attachedKarateState();
    state.construction_sources[0].construction_status = "building";
    const { turns, answer } = await runConversation({ question, state, engine: karateEngine() });
    expect(turns).toHaveLength(1);
    expect(answer).toContain('"karate.csv" (ds_karate) is still being constructed');
  });

  it("reports the three state facts for a state check without loading anything", async () => {
    const state = boundKarateState({ graph_loaded_hint: true });
    const { turns, answer } = await runConversation({
      question: "What is the graph state?",
      state,
      engine: karateEngine(),
    });
    expect(toolNamesPerTurn(turns)).toEqual([["get_graph_info"], []]);
    expect(answer).toContain(
      `A graph is loaded in this session (verified with get_graph_info): dataset "karate.csv" (ds_karate), revision 3, version 1 — ${karateDescription.nodes} nodes and ${karateDescription.edges} edges, undirected.`,
    );
    expect(answer).toContain("Construction of ds_karate (session state): ready, revision 3");
    expect(answer).toContain("| member | 34 |");
  });

  it("tells a bound but unloaded dataset apart from a loaded graph", async () => {
    const engine = karateEngine({ get_graph_info: () => ok({ loaded: false }) });
    const { turns, answer } = await runConversation({
      question: "Is a graph loaded?",
      state: boundKarateState(),
      engine,
    });
    expect(toolNamesPerTurn(turns)).toEqual([["get_graph_info"], []]);
    expect(answer).toContain(
      'Dataset "karate.csv" (ds_karate) is in scope (construction ready, revision 3) but not loaded',
    );
  });
});
