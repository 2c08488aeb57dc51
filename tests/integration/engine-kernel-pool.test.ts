import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callMcpTool } from "@/lib/agent/tools/call-mcp-tool";
import type { McpCallIdentity } from "@/lib/agent/tools/mcp-connection";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { KernelPool } from "@/lib/engine/kernels/kernel-pool";
import { poolMinimumArcs } from "@/lib/engine/kernels/run-kernel";
import { resetEnvForTests } from "@/lib/env";
import { engineKernelPool } from "@/lib/kernels/engine-kernels";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { generateBarabasiAlbert } from "../../bench/generate-barabasi-albert";

// The engine tools give the very same answer whether their kernels run inline
// (ENGINE_KERNEL_THREADS=0) or in the worker pool, on a graph large enough for the pool.
const nodes = 8_000;
const m = 5;

let identity: McpCallIdentity;

function withThreads(threads: string) {
  process.env.ENGINE_KERNEL_THREADS = threads;
  resetEnvForTests();
}

beforeAll(async () => {
  const user = await insertUser({ email: `pool-${randomUUID()}@test.local`, displayName: "p" });
  const project = await createProject({ ownerId: user.id, name: "Kernel pool" });
  const session = await createSession({ ownerId: user.id, projectId: project.project_id });
  const upload = await uploadDataset({
    ownerId: user.id,
    projectId: project.project_id,
    file: {
      filename: "ba.txt",
      bytes: new TextEncoder().encode(
        generateBarabasiAlbert({ nodes, m, seed: 3, weighted: true }),
      ),
    },
  });
  await constructDataset({ ownerId: user.id, datasetId: upload.dataset_id, options: {} });
  // No run: an outside client's call, held to the project's datasets.
  identity = { userId: user.id, sessionId: session.session_id, runId: "", agentId: "a" };
  const loaded = await callMcpTool({
    identity,
    toolName: "load_constructed_graph",
    args: { dataset_id: upload.dataset_id },
  });
  expect(loaded).toMatchObject({ success: true });
  expect(2 * (m + (nodes - m - 1) * m)).toBeGreaterThanOrEqual(poolMinimumArcs);
}, 120_000);

afterAll(async () => {
  delete process.env.ENGINE_KERNEL_THREADS;
  resetEnvForTests();
  await engineKernelPool()?.close();
});

const calls: [string, Record<string, unknown>][] = [
  ["community_detection", { algorithm: "louvain", seed: 2 }],
  ["community_detection", { algorithm: "leiden", seed: 2, weighted: true }],
  ["community_detection", { algorithm: "label_propagation", seed: 2 }],
  ["node_centrality", { algorithm: "pagerank", weighted: true }],
  ["node_centrality", { algorithm: "betweenness", sample: 16, seed: 4 }],
  ["node_centrality", { algorithm: "closeness", node_ids: ["0", "17", "250"] }],
  ["node_centrality", { algorithm: "harmonic", top_k: 5 }],
  ["node_centrality", { algorithm: "eigenvector" }],
  ["node_centrality", { algorithm: "katz", alpha: 0.01 }],
  ["node_centrality", { algorithm: "hits_hub" }],
];

describe("engine tools through the kernel pool", () => {
  it("answer exactly as inline, and really use the pool", async () => {
    const pooledRuns = vi.spyOn(KernelPool.prototype, "run");
    try {
      for (const [toolName, args] of calls) {
        const before = pooledRuns.mock.calls.length;
        withThreads("0");
        const inline = await callMcpTool({ identity, toolName, args });
        expect(inline, `${toolName} ${JSON.stringify(args)}`).toMatchObject({ success: true });
        expect(pooledRuns.mock.calls.length).toBe(before);
        withThreads("1");
        const pooled = await callMcpTool({ identity, toolName, args });
        expect(pooled, `${toolName} ${JSON.stringify(args)}`).toStrictEqual(inline);
        expect(pooledRuns.mock.calls.length).toBe(before + 1);
      }
    } finally {
      pooledRuns.mockRestore();
    }
  }, 300_000);
});
