import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { createMatrix } from "./dense-matrix";
import { undirectedEdgePairs } from "./edge-pairs";
import { splitEdges } from "./edge-split";
import { inferModel } from "./infer-model";
import { assertModelFile, modelFileChecksum } from "./model-file";
import { rankingMetrics } from "./ranking-metrics";
import { trainModel } from "./train-model";
import { sampleLatent, variationalBackward } from "./variational-encoder";

// Reference values: /usr/bin/python3 lib/engine/ml/testing/graph-autoencoder-reference.py
// (Debian's python3-torch 1.13.1), which printed:
//   scores: auc 0.6944444444444444, ap 0.6930916305916306
//   graph: 48 nodes, 211 edges
//   gae  test auc mean 0.8354 sd 0.1003 min 0.5918, ap mean 0.827 sd 0.0971 (10 seeds)
//   vgae test auc mean 0.8    sd 0.0767 min 0.6803, ap mean 0.8175 sd 0.0891 (10 seeds)

/** The reference script's graph: 4 communities of 12 nodes, dense inside, few links across. */
function communityGraph(): GraphData {
  const builder = new GraphBuilder({ directed: false });
  const n = 48;
  for (let u = 0; u < n; u++) builder.addNode(`v${u}`, { properties: {} });
  for (let u = 0; u < n; u++) {
    for (let v = u + 1; v < n; v++) {
      const same = Math.floor(u / 12) === Math.floor(v / 12);
      if ((same && (u * 7 + v * 3) % 5 < 3) || (!same && (u * v) % 41 === 0)) {
        builder.addEdge(`v${u}`, `v${v}`);
      }
    }
  }
  return builder.build();
}

const identityFeatures = { properties: [] as string[], nodeIdentity: true };

async function trainAutoencoder(model: "gae" | "vgae", seed: number) {
  return trainModel({
    graph: communityGraph(),
    task: "link_prediction",
    model,
    features: identityFeatures,
    seed,
  });
}

describe("AUC and AP", () => {
  it("equal sklearn's roc_auc_score and average_precision_score on tied scores", () => {
    const scores = Float64Array.from([0.9, 0.8, 0.8, 0.7, 0.6, 0.6, 0.6, 0.4, 0.3, 0.2, 0.2, 0.1]);
    const labels = Uint8Array.from([1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0]);
    const metrics = rankingMetrics({ scores, labels });
    expect(metrics.auc).toBeCloseTo(0.6944444444444444, 12);
    expect(metrics.ap).toBeCloseTo(0.6930916305916306, 12);
  });
});

describe("VGAE's variational step", () => {
  it("back-propagates the sample and the KL term as finite differences say", () => {
    const n = 3;
    const latent = 2;
    const output = createMatrix({ rows: n, cols: 2 * latent });
    const init = createRandom({ seed: 5 });
    for (let i = 0; i < output.data.length; i++) output.data[i] = init() * 2 - 1;
    const upstream = Float64Array.from({ length: n * latent }, (_, i) => Math.sin(i + 1));
    const weight = 0.7;
    // loss = Σ upstream·z + weight·KL, with the same ε every time (same seed).
    const loss = () => {
      const sample = sampleLatent({ output, random: createRandom({ seed: 9 }) });
      const zero = createMatrix({ rows: n, cols: latent });
      const { klLoss } = variationalBackward({ output, sample, zGradient: zero, weight });
      let sum = klLoss;
      for (let k = 0; k < upstream.length; k++) sum += upstream[k] * sample.z.data[k];
      return sum;
    };
    const sample = sampleLatent({ output, random: createRandom({ seed: 9 }) });
    const zGradient = createMatrix({ rows: n, cols: latent });
    zGradient.data.set(upstream);
    const { outputGradient } = variationalBackward({ output, sample, zGradient, weight });
    for (let i = 0; i < output.data.length; i++) {
      const saved = output.data[i];
      const h = 1e-2;
      output.data[i] = saved + h;
      const up = loss();
      output.data[i] = saved - h;
      const down = loss();
      output.data[i] = saved;
      expect(outputGradient.data[i]).toBeCloseTo((up - down) / (2 * h), 3);
    }
  });
});

describe("graph auto-encoders", () => {
  it("GAE and VGAE reach the AUC PyTorch's same models reach on a community graph", async () => {
    const seeds = [0, 1, 2, 3, 4];
    for (const model of ["gae", "vgae"] as const) {
      const results = await Promise.all(seeds.map((seed) => trainAutoencoder(model, seed)));
      const aucs = results.map((r) => r.metrics.test.auc as number);
      const aps = results.map((r) => r.metrics.test.ap as number);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      // PyTorch's 10-seed means are 0.80–0.84 (sd 0.08–0.10 on 21 test edges); a mean of 5
      // seeds below 0.7 would be ~2.5 standard errors under them.
      expect(mean(aucs)).toBeGreaterThan(0.7);
      expect(mean(aps)).toBeGreaterThan(0.7);
      expect(Math.min(...aucs)).toBeGreaterThan(0.5);
      expect(results[0].protocol).toMatchObject({ model, metric: "roc_auc" });
      expect(results[0].modelFile.sizes).toEqual([48, 32, model === "vgae" ? 32 : 16]);
    }
  }, 60_000);

  it("a saved VGAE scores the held-out pairs with μ, reproducing its test AUC", async () => {
    const full = communityGraph();
    const result = await trainAutoencoder("vgae", 3);
    const split = splitEdges({ pairs: undirectedEdgePairs({ graph: full }), spec: {}, seed: 3 });
    // Inference on the training graph (held-out edges removed), as the test metric was taken.
    const builder = new GraphBuilder({ directed: false });
    for (const id of full.nodeIds) builder.addNode(id, { properties: {} });
    split.train.sources.forEach((u, e) => {
      builder.addEdge(full.nodeIds[u], full.nodeIds[split.train.targets[e]]);
    });
    const graph = builder.build();
    const pairs = Array.from(split.test.sources, (u, e): [string, string] => [
      graph.nodeIds[u],
      graph.nodeIds[split.test.targets[e]],
    ]);
    const inferred = await inferModel({ graph, modelFile: result.modelFile, pairs });
    if (inferred.task !== "link_prediction") throw new Error("expected link predictions");
    const scores = Float64Array.from(inferred.predictions, (p) => p.probability);
    expect(rankingMetrics({ scores, labels: split.test.labels }).auc).toBeCloseTo(
      result.metrics.test.auc as number,
      6,
    );
  });

  it("read a bag of words as 0/1, where other link encoders divide each row by its count", async () => {
    // 20 word columns (a bag of words from 16 on): each node has the words of its community.
    const builder = new GraphBuilder({ directed: false });
    const base = communityGraph();
    base.nodeIds.forEach((id, u) => {
      const words = Object.fromEntries(
        Array.from({ length: 20 }, (_, w) => [`w${w}`, (u + w) % 4 === 0 || w === u % 20 ? 1 : 0]),
      );
      builder.addNode(id, { properties: words });
    });
    base.edgeSources.forEach((u, e) => {
      builder.addEdge(base.nodeIds[u], base.nodeIds[base.edgeTargets[e]]);
    });
    const graph = builder.build();
    for (const [model, expected] of [
      ["gae", "none"],
      ["vgae", "none"],
      ["gcn", "row"],
    ] as const) {
      const { modelFile } = await trainModel({
        graph,
        task: "link_prediction",
        model,
        seed: 1,
        hyperparameters: { epochs: 3 },
      });
      expect(modelFile.featureSchema.width).toBe(20);
      expect(modelFile.featureSchema.binaryNormalisation).toBe(expected);
    }
  });

  it("refuses gae and vgae for node classification", async () => {
    await expect(
      trainModel({ graph: communityGraph(), task: "node_classification", model: "vgae" }),
    ).rejects.toMatchObject({ details: { reason: "UNSUPPORTED_TASK" } });
  });
});

describe("model files from before the auc/ap names", () => {
  it("load with rocAuc / averagePrecision read as auc / ap", async () => {
    const { modelFile } = await trainAutoencoder("gae", 1);
    const renamed = Object.fromEntries(
      Object.entries(modelFile.metrics).map(([part, m]) => {
        const { auc, ap, ...rest } = m;
        return [part, { ...rest, rocAuc: auc, averagePrecision: ap }];
      }),
    );
    const { checksum: _old, ...content } = { ...modelFile, metrics: renamed };
    const oldFile = { ...content, checksum: modelFileChecksum({ file: content as never }) };
    const loaded = assertModelFile({ file: JSON.parse(JSON.stringify(oldFile)) });
    expect(loaded.metrics.test).toEqual(modelFile.metrics.test);
    expect(loaded.metrics.val.auc).toBe(modelFile.metrics.val.auc);
  });
});
