import { describe, expect, it } from "vitest";
import { labelPropagation } from "./label-propagation";
import { louvain } from "./louvain";
import { modularity } from "./modularity";
import { csrFromEdges, loadSmallGraphReference } from "./test-graphs";

const reference = loadSmallGraphReference();

/** Two 5-cliques (0–4, 5–9) joined by the edge 4–5. */
function twoCliques(directed = false) {
  const edges: [string, string][] = [];
  for (const base of [0, 5]) {
    for (let i = base; i < base + 5; i++) {
      for (let j = i + 1; j < base + 5; j++) edges.push([String(i), String(j)]);
    }
  }
  edges.push(["4", "5"]);
  return csrFromEdges({ edges, directed });
}

const cliquePartition = Int32Array.from([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);

describe("modularity", () => {
  it("matches NetworkX, with resolution and with self-loops", () => {
    const { csr } = twoCliques();
    expect(modularity({ csr, communityOf: cliquePartition })).toBeCloseTo(
      reference.two_cliques_modularity as number,
      12,
    );
    expect(modularity({ csr, communityOf: cliquePartition, resolution: 2 })).toBeCloseTo(
      reference.two_cliques_modularity_res2 as number,
      12,
    );
    const loops = csrFromEdges({
      edges: [
        ["0", "1"],
        ["1", "2"],
        ["2", "0"],
        ["2", "3"],
        ["3", "4"],
        ["4", "5"],
        ["5", "3"],
        ["0", "0"],
      ],
    });
    expect(
      modularity({ csr: loops.csr, communityOf: Int32Array.from([0, 0, 0, 1, 1, 1]) }),
    ).toBeCloseTo(reference.selfloop_modularity as number, 12);
  });
});

describe("Louvain", () => {
  it("separates two cliques, for every refinement and seed", async () => {
    const { csr } = twoCliques();
    for (const refinement of ["none", "multilevel", "leiden", "auto"] as const) {
      for (const seed of [1, 2, 3]) {
        const result = await louvain({ csr, seed, refinement });
        expect(result.count).toBe(2);
        expect(Array.from(result.communityOf)).toEqual(Array.from(cliquePartition));
        expect(result.modularity).toBeCloseTo(reference.two_cliques_modularity as number, 12);
      }
    }
  });

  it("is reproducible for a seed and partitions directed graphs on their undirected view", async () => {
    const { csr } = twoCliques(true);
    const a = await louvain({ csr, seed: 9 });
    expect(Array.from(a.communityOf)).toEqual(
      Array.from((await louvain({ csr, seed: 9 })).communityOf),
    );
    expect(a.count).toBe(2);
  });

  it("a high resolution splits more, a graph without edges stays singletons", async () => {
    const { csr } = twoCliques();
    expect((await louvain({ csr, resolution: 10 })).count).toBeGreaterThan(2);
    const empty = csrFromEdges({ nodes: ["a", "b"], edges: [] });
    expect(await louvain({ csr: empty.csr })).toMatchObject({ count: 2, modularity: 0 });
    await expect(louvain({ csr, resolution: 0 })).rejects.toThrow(
      expect.objectContaining({ code: "INVALID_REQUEST" }),
    );
  });
});

describe("label propagation", () => {
  it("separates two cliques and is reproducible for a seed", async () => {
    const { csr } = twoCliques();
    const result = await labelPropagation({ csr, seed: 5 });
    expect(result.converged).toBe(true);
    expect(result.count).toBe(2);
    expect(Array.from(result.communityOf)).toEqual(Array.from(cliquePartition));
    const again = await labelPropagation({ csr, seed: 5 });
    expect(Array.from(again.communityOf)).toEqual(Array.from(result.communityOf));
  });
});
