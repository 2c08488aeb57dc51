import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { ApiError } from "@/lib/errors/api-error";
import { type PreparedRun, runAgentLoop } from "./run-agent-loop";

// The loop without a database: a scripted model, tools in memory, events and batches collected.

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function toolCallTurn(
  toolName: string,
  args: Record<string, unknown>,
): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "tool-call", toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(args) },
    { type: "finish", usage, finishReason: { unified: "tool-calls", raw: "tool-calls" } },
  ];
}

function textTurn(text: string): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: text },
    { type: "text-end", id: "t" },
    { type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } },
  ];
}

function scriptedModel(turns: LanguageModelV3StreamPart[][]) {
  let next = 0;
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: convertArrayToReadableStream(turns[next++] ?? textTurn("")) }),
  });
}

const descriptor = (name: string, requiresApproval = false): ToolDescriptor => ({
  name,
  description: name,
  inputSchema: { type: "object", properties: {}, additionalProperties: true },
  catalogue: {
    resources: { reads: [], writes: requiresApproval ? ["graph"] : [] },
    requires_approval: requiresApproval,
    may_be_async: false,
  },
  source: "mcp",
});

function prepared(input: {
  turns: LanguageModelV3StreamPart[][];
  descriptors: ToolDescriptor[];
  execute?: (call: PlannedToolCall) => Promise<ToolEnvelope>;
}): PreparedRun {
  return {
    runId: "run-1",
    generation: 1,
    agent: {
      model: scriptedModel(input.turns),
      system: "system",
      history: [],
      descriptors: input.descriptors,
      scopeDatasetIds: new Set(),
    },
    execute: async (call) =>
      input.execute
        ? input.execute(call)
        : { success: true, status: "completed", data: { tool: call.toolName } },
    start: { kind: "message", text: "how many nodes?" },
    maxConcurrency: 2,
  };
}

function collect() {
  const events: RunEventPayload[] = [];
  const batches: string[][] = [];
  return {
    events,
    batches,
    emit: (event: RunEventPayload) => events.push(event),
    onBatch: async ({ recorded }: { recorded: { toolCallId: string }[] }) => {
      batches.push(recorded.map((call) => call.toolCallId));
    },
  };
}

describe("runAgentLoop", () => {
  it("runs a tool batch, gives the results to the model and ends with its answer", async () => {
    const sink = collect();
    const result = await runAgentLoop({
      run: prepared({
        turns: [toolCallTurn("get_graph_info", {}), textTurn("34 nodes.")],
        descriptors: [descriptor("get_graph_info")],
      }),
      signal: new AbortController().signal,
      emit: sink.emit,
      stopCheck: async () => {},
      onBatch: sink.onBatch,
    });
    expect(result.ending).toEqual({ status: "completed" });
    expect(result.record.answer).toBe("34 nodes.");
    expect(result.record.toolCalls).toMatchObject([
      { toolCallId: "call-get_graph_info", status: "succeeded", turnIndex: 0, batchIndex: 0 },
    ]);
    expect(sink.batches).toEqual([["call-get_graph_info"]]);
    expect(sink.events.map((event) => event.type)).toEqual([
      "tool_started",
      "tool_completed",
      "text_delta",
    ]);
    expect(result.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  it("pauses at an approval-gated call with a checkpoint to continue from", async () => {
    const sink = collect();
    const result = await runAgentLoop({
      run: prepared({
        turns: [toolCallTurn("clear_graph", { confirm: true })],
        descriptors: [descriptor("clear_graph", true)],
      }),
      signal: new AbortController().signal,
      emit: sink.emit,
      stopCheck: async () => {},
      onBatch: sink.onBatch,
    });
    expect(result.ending).toMatchObject({
      status: "paused",
      pendingApproval: { toolCallId: "call-clear_graph", toolName: "clear_graph", preview: null },
      checkpoint: { turn: 0, batch: { calls: [{ toolCallId: "call-clear_graph" }] } },
    });
    expect(sink.events.map((event) => event.type)).toContain("approval_required");
  });

  it("ends as cancelled when the stop check aborts, keeping what it recorded", async () => {
    const scope = new AbortController();
    let checks = 0;
    const result = await runAgentLoop({
      run: prepared({
        turns: [toolCallTurn("get_graph_info", {}), textTurn("never")],
        descriptors: [descriptor("get_graph_info")],
      }),
      signal: scope.signal,
      emit: () => {},
      // Stop asked after the first batch ran: the next model turn never starts.
      stopCheck: async () => {
        if (++checks === 3) scope.abort();
        scope.signal.throwIfAborted();
      },
      onBatch: async () => {},
    });
    expect(result.ending).toEqual({ status: "cancelled" });
    expect(result.record.toolCalls).toHaveLength(1);
    expect(result.record.answer).toBe("");
  });

  it("ends as an error with the thrown code when handing on a batch fails", async () => {
    const failure = new ApiError({ code: "SERVICE_UNAVAILABLE", message: "engine gone" });
    const result = await runAgentLoop({
      run: prepared({
        turns: [toolCallTurn("get_graph_info", {})],
        descriptors: [descriptor("get_graph_info")],
      }),
      signal: new AbortController().signal,
      emit: () => {},
      stopCheck: async () => {},
      onBatch: async () => {
        throw failure;
      },
    });
    expect(result.ending).toEqual({
      status: "error",
      errorCode: "SERVICE_UNAVAILABLE",
      errorMessage: "engine gone",
    });
  });

  it("ends as INTERNAL_ERROR when the thrown error is not one of ours, whatever its code", async () => {
    const failure = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    const result = await runAgentLoop({
      run: prepared({
        turns: [toolCallTurn("get_graph_info", {})],
        descriptors: [descriptor("get_graph_info")],
      }),
      signal: new AbortController().signal,
      emit: () => {},
      stopCheck: async () => {},
      onBatch: async () => {
        throw failure;
      },
    });
    expect(result.ending).toMatchObject({ status: "error", errorCode: "INTERNAL_ERROR" });
    // Nothing of a foreign error (paths, queries, socket details) reaches the page.
    expect(result.ending.errorMessage).not.toContain("socket hang up");
  });
});
