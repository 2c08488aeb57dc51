import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callMcpTool } from "@/lib/agent/tools/call-mcp-tool";
import type { McpCallIdentity } from "@/lib/agent/tools/mcp-connection";
import { getArtifact } from "@/lib/artifacts/get-artifact";
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
let ownerId: string;

function withThreads(threads: string) {
  process.env.ENGINE_KERNEL_THREADS = threads;
  resetEnvForTests();
}

beforeAll(async () => {
  const user = await insertUser({ email: `pool-${randomUUID()}@test.local`, displayName: "p" });
  ownerId = user.id;
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

// Each call, and how many kernels it sends to the pool (the cheap steps stay inline).
const calls: [string, Record<string, unknown>, number][] = [
  ["community_detection", { algorithm: "louvain", seed: 2 }, 1],
  ["community_detection", { algorithm: "leiden", seed: 2, weighted: true }, 1],
  ["community_detection", { algorithm: "label_propagation", seed: 2 }, 1],
  ["node_centrality", { algorithm: "pagerank", weighted: true }, 1],
  ["node_centrality", { algorithm: "betweenness", sample: 16, seed: 4 }, 1],
  ["node_centrality", { algorithm: "closeness", node_ids: ["0", "17", "250"] }, 1],
  ["node_centrality", { algorithm: "harmonic", top_k: 5 }, 1],
  ["node_centrality", { algorithm: "eigenvector" }, 1],
  ["node_centrality", { algorithm: "katz", alpha: 0.01 }, 1],
  ["node_centrality", { algorithm: "hits_hub" }, 1],
  ["shortest_path", { source: "7", target: "7777", weighted: true }, 1],
  ["shortest_path", { source: "7", target: "7777", k: 4, weighted: true }, 1],
  ["shortest_path", { source: "7", target: "7777", k: 3 }, 1],
  // A BFS (tens of milliseconds on a 1M-edge graph) stays inline.
  ["shortest_path", { source: "7", target: "7777" }, 0],
  // Diameter and radius, the average path length, the triangles.
  ["graph_metrics", {}, 3],
  ["graph_metrics", { metrics: ["density", "component_count", "degree_assortativity"] }, 0],
  ["node_structure", { metric: "triangles", top_k: 5 }, 1],
  ["node_structure", { metric: "clustering", weighted: true, order: "asc" }, 1],
  ["node_structure", { metric: "eccentricity", top_k: 5 }, 1],
  ["node_structure", { metric: "core_number" }, 0],
  ["node_similarity", { metric: "jaccard", top_k: 5 }, 1],
  ["node_similarity", { metric: "adamic_adar", top_k: 5, exclude_adjacent: true }, 1],
  ["node_similarity", { metric: "jaccard", node_id: "12", top_k: 5 }, 0],
  // Bridges and articulation points.
  ["connectivity_analysis", { limit: 20 }, 2],
  ["visualize_subgraph", { limit: 300, size_by: "betweenness" }, 1],
];

/** A call's answer with its stored layout read back in place of the layout's fresh id. */
async function comparable(envelope: Awaited<ReturnType<typeof callMcpTool>>) {
  const data = envelope.data as { artifact_id?: string } | undefined;
  if (!data?.artifact_id) return envelope;
  const { artifact_id: artifactId, ...rest } = data;
  const artifact = await getArtifact({ ownerId, artifactId });
  return { ...envelope, data: { ...rest, layout: artifact.content } };
}

describe("engine tools through the kernel pool", () => {
  it("answer exactly as inline, and really use the pool", async () => {
    const pooledRuns = vi.spyOn(KernelPool.prototype, "run");
    try {
      for (const [toolName, args, kernels] of calls) {
        const before = pooledRuns.mock.calls.length;
        withThreads("0");
        const inline = await callMcpTool({ identity, toolName, args });
        expect(inline, `${toolName} ${JSON.stringify(args)}`).toMatchObject({ success: true });
        expect(pooledRuns.mock.calls.length).toBe(before);
        withThreads("1");
        const pooled = await callMcpTool({ identity, toolName, args });
        const label = `${toolName} ${JSON.stringify(args)}`;
        expect(await comparable(pooled), label).toStrictEqual(await comparable(inline));
        expect(pooledRuns.mock.calls.length, label).toBe(before + kernels);
      }
    } finally {
      pooledRuns.mockRestore();
    }
  }, 300_000);
});
