import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { createLocalRulesModel } from "./create-local-rules-model";
import { karateEngine } from "./testing/karate-engine";
import { runConversation, systemPrompt } from "./testing/run-conversation";

const tools: LanguageModelV3CallOptions["tools"] = [
  "load_constructed_graph",
  "node_centrality",
  "get_graph_info",
].map((name) => ({ type: "function", name, inputSchema: { type: "object" } }));

function prompt(question: string, extra: LanguageModelV3Prompt = []): LanguageModelV3Prompt {
  return [
    { role: "system", content: systemPrompt(attachedKarateState()) },
    { role: "user", content: [{ type: "text", text: question }] },
    ...extra,
  ];
}

// The prompt after the load turn: the model's call and the engine's result.
const afterLoad: LanguageModelV3Prompt = [
  {
    role: "assistant",
    content: [
      {
        type: "tool-call",
        toolCallId: "lr-1-1-0",
        toolName: "load_constructed_graph",
        input: { dataset_id: "ds_karate", revision: 3 },
      },
    ],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: "lr-1-1-0",
        toolName: "load_constructed_graph",
        output: {
          type: "json",
          value: {
            success: true,
            status: "completed",
            data: { loaded: true, dataset_id: "ds_karate", revision: 3, nodes: 34, edges: 78 },
          },
        },
      },
    ],
  },
];

// The ranking reads the graph's schema before it ranks (types and values become filters).
const schemaRead: LanguageModelV3Prompt = [
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "lr-1-2-1", toolName: "get_graph_info", input: {} }],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: "lr-1-2-1",
        toolName: "get_graph_info",
        output: {
          type: "json",
          value: {
            success: true,
            status: "completed",
            data: {
              loaded: true,
              dataset_id: "ds_karate",
              revision: 3,
              nodes: 34,
              edges: 78,
              schema: { node_types: [], edge_types: [], query_tables: [] },
            },
          },
        },
      },
    ],
  },
];

async function readStream(options: LanguageModelV3CallOptions) {
  const { stream } = await createLocalRulesModel().doStream(options);
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read())
    parts.push(next.value);
  return parts;
}

describe("createLocalRulesModel", () => {
  it("is an AI SDK 6 LanguageModelV3", () => {
    const model = createLocalRulesModel();
    expect(model).toMatchObject({
      specificationVersion: "v3",
      provider: "local",
      modelId: "local-rules",
    });
  });

  it("streams tool calls as input start/delta/end plus a tool-call with a JSON string input", async () => {
    const parts = await readStream({ prompt: prompt("top 5 nodes by pagerank"), tools });
    expect(parts.slice(0, 2).map((part) => part.type)).toEqual([
      "stream-start",
      "response-metadata",
    ]);
    expect(parts.map((part) => part.type)).toEqual([
      "stream-start",
      "response-metadata",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const call = parts.find((part) => part.type === "tool-call");
    expect(call).toMatchObject({
      toolCallId: expect.stringMatching(/^lr-[0-9a-f]{8}-1-0$/),
      toolName: "load_constructed_graph",
    });
    expect(typeof (call as { input: unknown }).input).toBe("string");
    expect(JSON.parse((call as { input: string }).input)).toEqual({
      dataset_id: "ds_karate",
      revision: 3,
    });
    const deltas = parts.flatMap((part) => (part.type === "tool-input-delta" ? [part.delta] : []));
    expect(deltas.join("")).toBe((call as { input: string }).input);
    const finish = parts.at(-1);
    expect(finish).toMatchObject({
      type: "finish",
      finishReason: { unified: "tool-calls", raw: "tool-calls" },
      // Nothing is tokenised offline: the model says 0, not an estimate.
      usage: {
        inputTokens: { total: 0 },
        outputTokens: { total: 0 },
      },
    });
  });

  it("streams the answer as several text deltas sharing one id, equal to doGenerate's text", async () => {
    const options = {
      prompt: prompt("top 5 nodes by pagerank", [
        ...afterLoad,
        ...schemaRead,
        {
          role: "assistant",
          content: [
            {
              type: "tool-call",
              toolCallId: "lr-1-2-0",
              toolName: "node_centrality",
              input: { algorithm: "pagerank", top_k: 5 },
            },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "lr-1-2-0",
              toolName: "node_centrality",
              output: {
                type: "json",
                value: {
                  success: true,
                  status: "completed",
                  data: {
                    algorithm: "pagerank",
                    node_count: 34,
                    top: [
                      {
                        rank: 1,
                        id: "n33",
                        label: "n33",
                        type: "member",
                        score: 0.10091918232295749,
                      },
                    ],
                  },
                },
              },
            },
          ],
        },
      ]),
      tools,
    } satisfies LanguageModelV3CallOptions;
    const parts = await readStream(options);
    const textParts = parts.filter((part) => part.type.startsWith("text-"));
    expect(textParts[0].type).toBe("text-start");
    expect(textParts.at(-1)?.type).toBe("text-end");
    const deltas = textParts.filter((part) => part.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(3);
    expect(new Set(textParts.map((part) => (part as { id: string }).id)).size).toBe(1);
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "stop" } });
    const generated = await createLocalRulesModel().doGenerate(options);
    const text = deltas.map((part) => (part as { delta: string }).delta).join("");
    expect(generated.content).toEqual([{ type: "text", text }]);
    expect(text).toContain("| 1 | n33 | member | 0.1009 |");
  });

  it("gives identical output for an identical prompt", async () => {
    const options = { prompt: prompt("top 5 nodes by pagerank", afterLoad), tools };
    const first = await createLocalRulesModel().doGenerate(options);
    const second = await createLocalRulesModel().doGenerate(options);
    expect(second).toEqual(first);
    const run = () =>
      runConversation({
        question: "key nodes that connect several communities",
        state: attachedKarateState(),
        engine: karateEngine(),
      });
    expect(await run()).toEqual(await run());
  });

  it("behaves the same through streamText as through generateText", async () => {
    const input = {
      question: "shortest path from n0 to n33",
      state: attachedKarateState(),
      engine: karateEngine(),
    };
    const generated = await runConversation(input);
    const streamed = await runConversation({ ...input, mode: "stream" });
    expect(streamed.turns).toEqual(generated.turns);
    expect(streamed.answer).toBe(generated.answer);
  });

  it("keeps tool-call ids unique within a run and across the session's questions", async () => {
    const first = await runConversation({
      question: "key nodes that connect several communities",
      state: attachedKarateState(),
      engine: karateEngine(),
    });
    const second = await runConversation({
      question: "top 3 nodes by degree",
      state: attachedKarateState(),
      engine: karateEngine(),
      history: first.messages,
    });
    const ids = [...first.turns, ...second.turns].flatMap((turn) =>
      turn.calls.map((call) => call.toolCallId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.turns[0].calls[0].toolCallId).toMatch(/^lr-[0-9a-f]{8}-1-0$/);
  });

  it("refuses to work on an aborted request", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createLocalRulesModel().doGenerate({
        prompt: prompt("top nodes"),
        tools,
        abortSignal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});
