// Scheduling overhead of runToolBatch per tool call: `npx tsx lib/agent/scheduler/scheduler-overhead.bench.ts`.
// 10,000 calls as 1,250 batches of 8 with a no-op `execute`, against the same calls awaited
// directly (8 at a time with Promise.all), both measured in this process after a warm-up. The
// difference is what the DAG, the concurrency gate, events and outcomes cost per call.
import { performance } from "node:perf_hooks";
import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { runToolBatch } from "./run-tool-batch";
import { graphToolDescriptors } from "./testing/graph-tool-descriptors";

const totalCalls = 10_000;
const batchSize = 8;
const rounds = 9;
const descriptors = graphToolDescriptors();
const result: ToolEnvelope = { success: true, status: "completed", data: { nodes: 34, edges: 78 } };
const execute = async (): Promise<ToolEnvelope> => result;

// Two shapes: eight independent reads (pure fan-out) and a realistic turn with a load in front
// and a version switch behind (DAG edges, blocked waits, a barrier-like tail).
const shapes: Record<string, (batch: number) => PlannedToolCall[]> = {
  "8 independent reads": (batch) =>
    Array.from({ length: batchSize }, (_, index) => ({
      toolCallId: `b${batch}_${index}`,
      toolName: "search_node",
      args: { query: `q${index}` },
    })),
  "load → 6 reads → switch": (batch) => [
    { toolCallId: `b${batch}_l`, toolName: "load_constructed_graph", args: { dataset_id: "a" } },
    ...[
      "degree_analysis",
      "node_centrality",
      "community_detection",
      "get_graph_info",
      "search_node",
      "shortest_path",
    ].map((toolName, index) => ({ toolCallId: `b${batch}_${index}`, toolName, args: {} })),
    {
      toolCallId: `b${batch}_s`,
      toolName: "switch_graph_version",
      args: { dataset_id: "a", revision: 2 },
    },
  ],
};

async function scheduled(shape: (batch: number) => PlannedToolCall[]): Promise<number> {
  const events: RunEventPayload[] = [];
  const emit = (event: RunEventPayload) => {
    events.push(event);
  };
  const started = performance.now();
  for (let batch = 0; batch < totalCalls / batchSize; batch += 1) {
    await runToolBatch({ calls: shape(batch), descriptors, maxConcurrency: 4, execute, emit });
    events.length = 0;
  }
  return performance.now() - started;
}

async function direct(shape: (batch: number) => PlannedToolCall[]): Promise<number> {
  const started = performance.now();
  for (let batch = 0; batch < totalCalls / batchSize; batch += 1) {
    await Promise.all(shape(batch).map(() => execute()));
  }
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  for (const [name, shape] of Object.entries(shapes)) {
    await scheduled(shape);
    await direct(shape);
    const scheduledMs: number[] = [];
    const directMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      scheduledMs.push(await scheduled(shape));
      directMs.push(await direct(shape));
    }
    const perCall = (ms: number) => ((ms * 1000) / totalCalls).toFixed(2);
    // The best round shows the cost on a quiet machine; the median how noisy this one was.
    const best = Math.min(...scheduledMs) - Math.min(...directMs);
    const typical = median(scheduledMs) - median(directMs);
    console.log(
      `${name}: overhead ${perCall(best)} µs/call best, ${perCall(typical)} µs/call median ` +
        `(runToolBatch ${perCall(median(scheduledMs))}, direct ${perCall(median(directMs))} µs/call; ` +
        `${rounds} rounds × ${totalCalls} calls)`,
    );
  }
}

void main();
