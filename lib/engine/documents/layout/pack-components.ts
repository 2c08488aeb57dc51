import { rankGroups } from "../rank-groups";

/** Empty space around each component's box, as a share of the largest component's size. */
const marginShare = 0.06;
/** The smallest box side (an isolated node), as a share of the largest component's size. */
const minimumSideShare = 0.04;

/**
 * Per node, the index of its connected component along the given edges (directions ignored),
 * numbered by size descending, ties by smallest member index: component 0 is the largest.
 * Along the drawn edges, not the graph's (algorithms/connected-components reads a CSR): the
 * force layout pulls only along what is drawn, so that is what holds a component together.
 */
export function connectedComponents({
  nodeCount,
  sources,
  targets,
}: {
  nodeCount: number;
  sources: Int32Array;
  targets: Int32Array;
}): { componentOf: Int32Array; sizes: Int32Array } {
  const parent = Int32Array.from({ length: nodeCount }, (_, i) => i);
  const find = (node: number): number => {
    let root = node;
    while (parent[root] !== root) root = parent[root];
    let current = node;
    while (parent[current] !== root) {
      const next = parent[current];
      parent[current] = root;
      current = next;
    }
    return root;
  };
  for (let e = 0; e < sources.length; e++) {
    const a = find(sources[e]);
    const b = find(targets[e]);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const rootOf = Int32Array.from({ length: nodeCount }, (_, i) => find(i));
  const ranked = rankGroups({ groupOf: rootOf, groupCount: nodeCount });
  return { componentOf: ranked.rankOf, sizes: ranked.sizes };
}

type Box = { minX: number; minY: number; width: number; height: number };

/**
 * Moves whole connected components so none squashes another when the picture is fitted to a
 * screen: a force layout lets an isolated node or a small component drift far from the main
 * one, and fitting the picture then shrinks the main component into a corner. Each component
 * keeps its own shape; the components are packed in shelves (rows) from the largest down, the
 * shelf width set by the largest component, so the main component stays big and the small ones
 * line up in rows beside or below it. Pure and deterministic.
 */
export function packComponents({
  xs,
  ys,
  componentOf,
  componentCount,
}: {
  xs: Float64Array;
  ys: Float64Array;
  /** Per node, its component, numbered largest first (connectedComponents). */
  componentOf: Int32Array;
  componentCount: number;
}): { xs: Float64Array; ys: Float64Array } {
  const n = xs.length;
  if (componentCount <= 1 || n === 0) return { xs: xs.slice(), ys: ys.slice() };
  const boxes = componentBoxes({ xs, ys, componentOf, componentCount });
  const largest = Math.max(boxes[0].width, boxes[0].height, 1e-9);
  const margin = largest * marginShare;
  const minimumSide = largest * minimumSideShare;
  const sides = boxes.map((box) => ({
    width: Math.max(box.width, minimumSide) + 2 * margin,
    height: Math.max(box.height, minimumSide) + 2 * margin,
  }));
  const totalArea = sides.reduce((sum, side) => sum + side.width * side.height, 0);
  // Shelves as wide as the main component, or wider when the rest would make a tall tower.
  const shelfWidth = Math.max(sides[0].width, Math.sqrt(totalArea));
  const offsets = shelfOffsets({ sides, shelfWidth });
  const packedX = new Float64Array(n);
  const packedY = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = componentOf[i];
    const box = boxes[c];
    const side = sides[c];
    // Centre the component in its (possibly enlarged) box.
    const centreX = offsets[c].x + side.width / 2;
    const centreY = offsets[c].y + side.height / 2;
    packedX[i] = centreX + (xs[i] - (box.minX + box.width / 2));
    packedY[i] = centreY + (ys[i] - (box.minY + box.height / 2));
  }
  return { xs: packedX, ys: packedY };
}

function componentBoxes({
  xs,
  ys,
  componentOf,
  componentCount,
}: {
  xs: Float64Array;
  ys: Float64Array;
  componentOf: Int32Array;
  componentCount: number;
}): Box[] {
  const minX = new Float64Array(componentCount).fill(Number.POSITIVE_INFINITY);
  const minY = new Float64Array(componentCount).fill(Number.POSITIVE_INFINITY);
  const maxX = new Float64Array(componentCount).fill(Number.NEGATIVE_INFINITY);
  const maxY = new Float64Array(componentCount).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < xs.length; i++) {
    const c = componentOf[i];
    minX[c] = Math.min(minX[c], xs[i]);
    maxX[c] = Math.max(maxX[c], xs[i]);
    minY[c] = Math.min(minY[c], ys[i]);
    maxY[c] = Math.max(maxY[c], ys[i]);
  }
  return Array.from({ length: componentCount }, (_, c) => ({
    minX: minX[c],
    minY: minY[c],
    width: maxX[c] - minX[c],
    height: maxY[c] - minY[c],
  }));
}

/** Next-fit shelf packing in the given order: left to right, a new shelf when one is full. */
function shelfOffsets({
  sides,
  shelfWidth,
}: {
  sides: { width: number; height: number }[];
  shelfWidth: number;
}): { x: number; y: number }[] {
  const offsets: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  let shelfHeight = 0;
  for (const side of sides) {
    if (x > 0 && x + side.width > shelfWidth * 1.0001) {
      y += shelfHeight;
      x = 0;
      shelfHeight = 0;
    }
    offsets.push({ x, y });
    x += side.width;
    shelfHeight = Math.max(shelfHeight, side.height);
  }
  return offsets;
}
