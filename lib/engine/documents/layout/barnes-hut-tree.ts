/** Points per leaf: summing a few points directly is cheaper than splitting further. */
const leafSize = 4;
/** Depth cap, so (near-)coincident points end in one leaf instead of recursing forever. */
const maxDepth = 24;
/** Marks a leaf in the first child slot. */
const leaf = -2;

/**
 * A quadtree over 2-D points for Barnes–Hut repulsion in O(n log n) per pass: far-away cells
 * act as one mass at their centre of mass. Built by partitioning an index array in place (each
 * cell owns a contiguous range), so a rebuild per iteration allocates nothing once warm.
 */
export class BarnesHutTree {
  private readonly order: Int32Array;
  private readonly stack = new Int32Array(4 * maxDepth + 8);
  private cellCapacity = 0;
  private cellCount = 0;
  private children = new Int32Array(0);
  private start = new Int32Array(0);
  private end = new Int32Array(0);
  private widthSquared = new Float64Array(0);
  private centreX = new Float64Array(0);
  private centreY = new Float64Array(0);
  private xs: Float64Array = new Float64Array(0);
  private ys: Float64Array = new Float64Array(0);

  constructor(pointCount: number) {
    this.order = new Int32Array(pointCount);
    this.ensureCells(Math.max(16, pointCount));
  }

  /** Rebuilds the tree over the current positions. */
  build(xs: Float64Array, ys: Float64Array): void {
    this.xs = xs;
    this.ys = ys;
    const n = xs.length;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      this.order[i] = i;
      if (xs[i] < minX) minX = xs[i];
      if (xs[i] > maxX) maxX = xs[i];
      if (ys[i] < minY) minY = ys[i];
      if (ys[i] > maxY) maxY = ys[i];
    }
    const half = Math.max(maxX - minX, maxY - minY, 1e-9) / 2;
    this.cellCount = 0;
    this.buildCell(0, n, (minX + maxX) / 2, (minY + maxY) / 2, half, 0);
  }

  /**
   * Adds to (fx, fy) of every point the repulsion `strength`/d along its separation from every
   * other point, a cell of width w at distance d acting as one mass when w < theta · d.
   */
  addRepulsion(strength: number, theta: number, fx: Float64Array, fy: Float64Array): void {
    const { xs, ys, stack, order, children, start, end, widthSquared, centreX, centreY } = this;
    const thetaSquared = theta * theta;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      const y = ys[i];
      let forceX = 0;
      let forceY = 0;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const cell = stack[--top];
        const firstChild = children[4 * cell];
        if (firstChild !== leaf) {
          const dx = x - centreX[cell];
          const dy = y - centreY[cell];
          const distanceSquared = dx * dx + dy * dy;
          if (widthSquared[cell] < thetaSquared * distanceSquared) {
            const factor = (strength * (end[cell] - start[cell])) / distanceSquared;
            forceX += dx * factor;
            forceY += dy * factor;
            continue;
          }
          for (let q = 0; q < 4; q++) {
            const child = children[4 * cell + q];
            if (child >= 0) stack[top++] = child;
          }
          continue;
        }
        for (let p = start[cell]; p < end[cell]; p++) {
          const j = order[p];
          if (j === i) continue;
          let dx = x - xs[j];
          let dy = y - ys[j];
          let distanceSquared = dx * dx + dy * dy;
          if (distanceSquared < 1e-12) {
            // Coincident points: push apart along a direction fixed by their indices, so the
            // result stays deterministic.
            dx = i < j ? 1e-3 : -1e-3;
            dy = 1e-3;
            distanceSquared = 2e-6;
          }
          const factor = strength / distanceSquared;
          forceX += dx * factor;
          forceY += dy * factor;
        }
      }
      fx[i] += forceX;
      fy[i] += forceY;
    }
  }

  private buildCell(
    from: number,
    to: number,
    middleX: number,
    middleY: number,
    half: number,
    depth: number,
  ): number {
    const cell = this.cellCount++;
    if (cell >= this.cellCapacity) this.ensureCells(this.cellCapacity * 2);
    const { order, xs, ys } = this;
    this.start[cell] = from;
    this.end[cell] = to;
    this.widthSquared[cell] = 4 * half * half;
    let sumX = 0;
    let sumY = 0;
    for (let p = from; p < to; p++) {
      sumX += xs[order[p]];
      sumY += ys[order[p]];
    }
    this.centreX[cell] = sumX / (to - from);
    this.centreY[cell] = sumY / (to - from);
    if (to - from <= leafSize || depth >= maxDepth) {
      this.children[4 * cell] = leaf;
      return cell;
    }
    // Quadrants in place: split by y, then each half by x.
    const middle = partition(order, from, to, ys, middleY);
    const bounds = [
      from,
      partition(order, from, middle, xs, middleX),
      middle,
      partition(order, middle, to, xs, middleX),
      to,
    ];
    const quarter = half / 2;
    for (let q = 0; q < 4; q++) {
      const child =
        bounds[q + 1] > bounds[q]
          ? this.buildCell(
              bounds[q],
              bounds[q + 1],
              middleX + (q % 2 === 0 ? -quarter : quarter),
              middleY + (q < 2 ? -quarter : quarter),
              quarter,
              depth + 1,
            )
          : -1;
      // Read the field again: the recursive call may have grown the arrays.
      this.children[4 * cell + q] = child;
    }
    return cell;
  }

  private ensureCells(capacity: number): void {
    const grow = <T extends Int32Array | Float64Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.children = grow(this.children, new Int32Array(4 * capacity));
    this.start = grow(this.start, new Int32Array(capacity));
    this.end = grow(this.end, new Int32Array(capacity));
    this.widthSquared = grow(this.widthSquared, new Float64Array(capacity));
    this.centreX = grow(this.centreX, new Float64Array(capacity));
    this.centreY = grow(this.centreY, new Float64Array(capacity));
    this.cellCapacity = capacity;
  }
}

/** Moves the points whose coordinate is below `split` to the front of [from, to). */
function partition(
  order: Int32Array,
  from: number,
  to: number,
  coordinates: Float64Array,
  split: number,
): number {
  let low = from;
  for (let p = from; p < to; p++) {
    const point = order[p];
    if (coordinates[point] < split) {
      order[p] = order[low];
      order[low++] = point;
    }
  }
  return low;
}
