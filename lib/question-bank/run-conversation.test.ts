import { describe, expect, it } from "vitest";
import { runSnapshotFixture, toolCallFixture } from "@/hooks/api/run-snapshot-fixture";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { bankConversationSchema } from "./question-bank-schema";
import { runConversation } from "./run-conversation";
import { karateLoad } from "./testing/tool-calls";
import type { RunToolCall } from "./tool-result-evidence";
import type { WorkbenchClient } from "./workbench-client";

type ScriptedRun = {
  text: string;
  toolCalls: RunToolCall[];
  status?: string;
  error?: { code: string; message: string };
};

/**
 * A server that answers each started run with the next scripted one and records what the
 * runner did, so the test can tell which session each run was started in and whether a run
 * started before the previous one's saved state was read.
 */
function scriptedServer(script: ScriptedRun[]) {
  const started: { sessionId: string; message: string; attachments: unknown }[] = [];
  const overlaps: string[] = [];
  let sessions = 0;
  let unsettledRun: string | undefined;
  const client: WorkbenchClient = {
    baseUrl: "http://workbench.test",
    json: async ({ method, path, body }) => {
      if (method === "POST" && path === "/api/projects/project-1/sessions") {
        sessions += 1;
        return { status: 201, body: { session_id: `session-${sessions}` } };
      }
      const start = path.match(/^\/api\/sessions\/([^/]+)\/runs$/);
      if (method === "POST" && start) {
        if (unsettledRun) overlaps.push(`started while ${unsettledRun} was not settled`);
        const request = body as { message: string; attachments: unknown };
        started.push({
          sessionId: start[1],
          message: request.message,
          attachments: request.attachments,
        });
        unsettledRun = `run-${started.length}`;
        return { status: 202, body: { run_id: unsettledRun } };
      }
      const snapshot = path.match(/^\/api\/runs\/run-(\d+)$/);
      if (method === "GET" && snapshot) {
        const scripted = script[Number(snapshot[1]) - 1];
        if (unsettledRun === `run-${snapshot[1]}`) unsettledRun = undefined;
        return {
          status: 200,
          // Every field the snapshot contract has: the runner reads it with that schema.
          body: runSnapshotFixture({
            run_id: `run-${snapshot[1]}`,
            run_status: (scripted.status ?? "completed") as RunSnapshot["run_status"],
            tool_calls: scripted.toolCalls.map((call) =>
              toolCallFixture(call as Parameters<typeof toolCallFixture>[0]),
            ),
            error: scripted.error ?? null,
          }),
        };
      }
      return { status: 404, body: null };
    },
    upload: async () => ({ status: 404, body: null }),
    openStream: async ({ path }) => {
      const index = Number(path.match(/run-(\d+)/)?.[1]) - 1;
      const scripted = script[index];
      const end = scripted.error
        ? `event: run_error\ndata: ${JSON.stringify(scripted.error)}\n\n`
        : "event: run_completed\ndata: {}\n\n";
      const text = `event: text_delta\ndata: ${JSON.stringify({ text: scripted.text })}\n\n`;
      return new Response(`${text}${end}`, { status: 200 });
    },
  };
  return { client, started, overlaps, sessionCount: () => sessions };
}

const conversation = bankConversationSchema.parse({
  id: "conv-1",
  dataset: "karate",
  lang: "en",
  turns: [
    {
      question: "How many edges does this graph have?",
      family: "count",
      expect: { type: "number", value: 78 },
      reference: "networkx",
    },
    {
      question: "And how many nodes?",
      family: "count",
      expect: { type: "number", value: 34 },
      reference: "networkx ('and' = the same graph)",
    },
  ],
});

describe("runConversation", () => {
  it("asks every turn in one session, each after the previous run settled, and judges each on its own run", async () => {
    const server = scriptedServer([
      { text: "The graph has 78 edges.", toolCalls: [karateLoad] },
      { text: "It has 34 nodes.", toolCalls: [] },
    ]);
    const results = await runConversation({
      client: server.client,
      projectId: "project-1",
      datasetId: "dataset-1",
      conversation,
      model: "local-rules",
      timeoutMs: 5_000,
    });
    expect(server.sessionCount()).toBe(1);
    expect(server.started).toEqual([
      {
        sessionId: "session-1",
        message: "How many edges does this graph have?",
        attachments: ["dataset-1"],
      },
      { sessionId: "session-1", message: "And how many nodes?", attachments: ["dataset-1"] },
    ]);
    expect(server.overlaps).toEqual([]);
    expect(results.map((result) => [result.question.id, result.question.turnNumber])).toEqual([
      ["conv-1#1", 1],
      ["conv-1#2", 2],
    ]);
    expect(results[0].verdict.correct).toBe(true);
    // The second turn's own run has no tool result holding 34: the first run's load does not count.
    expect(results[1].outcome.toolCalls).toEqual([]);
    expect(results[1].verdict.reason).toBe(
      "states 34, but no successful tool result of the run holds it",
    );
  });

  it("asks a turn the server failed once more in the same session", async () => {
    const server = scriptedServer([
      { text: "The graph has 78 edges.", toolCalls: [karateLoad] },
      {
        text: "",
        toolCalls: [],
        status: "error",
        error: { code: "INTERNAL_ERROR", message: "boom" },
      },
      { text: "It has 34 nodes.", toolCalls: [karateLoad] },
    ]);
    const results = await runConversation({
      client: server.client,
      projectId: "project-1",
      datasetId: "dataset-1",
      conversation,
      model: "local-rules",
      timeoutMs: 5_000,
    });
    expect(server.sessionCount()).toBe(1);
    expect(server.started.map((run) => [run.sessionId, run.message])).toEqual([
      ["session-1", "How many edges does this graph have?"],
      ["session-1", "And how many nodes?"],
      ["session-1", "And how many nodes?"],
    ]);
    expect(results[1].outcome.retriedAfter).toContain("run run-2 ended error");
    expect(results.map((result) => result.verdict.correct)).toEqual([true, true]);
  });
});
