import { createRandom } from "../../algorithms/seeded-random";
import { throwIfCancelled } from "../../cancel-signal";
import { BarnesHutTree } from "./barnes-hut-tree";
import { addGroupSeparation } from "./group-separation";
import { initialPositions } from "./initial-positions";

/** The ideal edge length; the result is rescaled anyway (fitPositions). */
const spacing = 1;
/** Barnes–Hut accuracy: cells narrower than θ × distance act as one mass. */
const theta = 1.1;
/** How strongly each node is pulled towards its group's centre (keeps groups compact). */
const groupPull = 0.08;
/** A weak pull to the origin, so disconnected parts do not drift off. */
const gravity = 0.02;
/** Edges between groups pull this much less than edges inside one (keeps groups apart). */
const betweenGroupAttraction = 0.3;
/** How hard overlapping group discs push each other apart. */
const groupPush = 0.5;

/**
 * A seeded force-directed layout (Fruchterman–Reingold forces, Barnes–Hut repulsion, linear
 * cooling) that starts from group-clustered positions and keeps a pull towards each group's
 * centroid, so communities come out as visibly separate clusters. O(n log n + m) per
 * iteration; deterministic for a seed (no Math.random, fixed iteration order).
 */
export function forceLayout({
  nodeCount,
  sources,
  targets,
  groupOf,
  groupCount,
  seed,
  iterations = defaultIterations(nodeCount),
  signal,
}: {
  nodeCount: number;
  /** Edge endpoints by node index (self-loops are ignored). */
  sources: Int32Array;
  targets: Int32Array;
  /** Per node, its group 0…groupCount-1, numbered largest first. */
  groupOf: Int32Array;
  groupCount: number;
  seed: number;
  iterations?: number;
  signal?: AbortSignal;
}): { xs: Float64Array; ys: Float64Array } {
  const { xs, ys } = initialPositions({
    groupOf,
    groupCount,
    random: createRandom({ seed }),
    spacing,
  });
  if (nodeCount <= 1) return { xs, ys };
  const forces = { fx: new Float64Array(nodeCount), fy: new Float64Array(nodeCount) };
  const groups = {
    x: new Float64Array(groupCount),
    y: new Float64Array(groupCount),
    size: new Float64Array(groupCount),
  };
  for (let i = 0; i < nodeCount; i++) groups.size[groupOf[i]]++;
  const tree = new BarnesHutTree(nodeCount);
  const startTemperature = spacing * Math.sqrt(nodeCount) * 0.1 + spacing;
  for (let step = 0; step < iterations; step++) {
    if ((step & 7) === 0) throwIfCancelled(signal);
    forces.fx.fill(0);
    forces.fy.fill(0);
    tree.build(xs, ys);
    tree.addRepulsion(spacing * spacing, theta, forces.fx, forces.fy);
    addAttraction(xs, ys, sources, targets, groupOf, forces);
    computeCentroids(xs, ys, groupOf, groups);
    addGroupSeparation({
      groupOf,
      groupX: groups.x,
      groupY: groups.y,
      groupSize: groups.size,
      spacing,
      strength: groupPush,
      ...forces,
    });
    const temperature = startTemperature * (1 - step / iterations) + 0.01 * spacing;
    moveNodes(xs, ys, groupOf, groups, forces, temperature);
  }
  return { xs, ys };
}

type Forces = { fx: Float64Array; fy: Float64Array };
type Groups = { x: Float64Array; y: Float64Array; size: Float64Array };

/** Fruchterman–Reingold attraction d²/k along each edge, weaker between groups. */
function addAttraction(
  xs: Float64Array,
  ys: Float64Array,
  sources: Int32Array,
  targets: Int32Array,
  groupOf: Int32Array,
  { fx, fy }: Forces,
): void {
  for (let e = 0; e < sources.length; e++) {
    const u = sources[e];
    const v = targets[e];
    if (u === v) continue;
    const dx = xs[u] - xs[v];
    const dy = ys[u] - ys[v];
    const distance = Math.sqrt(dx * dx + dy * dy) / spacing;
    const factor = groupOf[u] === groupOf[v] ? distance : distance * betweenGroupAttraction;
    fx[u] -= dx * factor;
    fy[u] -= dy * factor;
    fx[v] += dx * factor;
    fy[v] += dy * factor;
  }
}

function computeCentroids(xs: Float64Array, ys: Float64Array, groupOf: Int32Array, groups: Groups) {
  groups.x.fill(0);
  groups.y.fill(0);
  for (let i = 0; i < xs.length; i++) {
    groups.x[groupOf[i]] += xs[i];
    groups.y[groupOf[i]] += ys[i];
  }
  for (let g = 0; g < groups.size.length; g++) {
    groups.x[g] /= groups.size[g];
    groups.y[g] /= groups.size[g];
  }
}

/** Moves each node along its net force (plus group pull and gravity), at most `temperature`. */
function moveNodes(
  xs: Float64Array,
  ys: Float64Array,
  groupOf: Int32Array,
  groups: Groups,
  { fx, fy }: Forces,
  temperature: number,
): void {
  for (let i = 0; i < xs.length; i++) {
    const g = groupOf[i];
    const dx = fx[i] + groupPull * (groups.x[g] - xs[i]) - gravity * xs[i];
    const dy = fy[i] + groupPull * (groups.y[g] - ys[i]) - gravity * ys[i];
    const length = Math.sqrt(dx * dx + dy * dy);
    if (length === 0) continue;
    const move = Math.min(length, temperature) / length;
    xs[i] += dx * move;
    ys[i] += dy * move;
  }
}

/**
 * About the same total work for every size (n × iterations ≈ 200k), within 60…300 iterations:
 * small graphs get time to settle, big ones stay well under a second; the clustered start means
 * big graphs need fewer iterations than a random start would.
 */
function defaultIterations(nodeCount: number): number {
  return Math.max(60, Math.min(300, Math.round(200_000 / Math.max(1, nodeCount))));
}
