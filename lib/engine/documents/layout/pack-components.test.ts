import { describe, expect, it } from "vitest";
import { fitPositions } from "./fit-positions";
import { connectedComponents, packComponents } from "./pack-components";

function extent(values: number[]): number {
  return Math.max(...values) - Math.min(...values);
}

describe("connectedComponents", () => {
  it("numbers components largest first, ties by smallest member", () => {
    // 0–1–2 (size 3), 3 alone, 4–5 (size 2), 6 alone.
    const { componentOf, sizes } = connectedComponents({
      nodeCount: 7,
      sources: Int32Array.from([0, 1, 5]),
      targets: Int32Array.from([1, 2, 4]),
    });
    expect([...sizes]).toEqual([3, 2, 1, 1]);
    expect([...componentOf]).toEqual([0, 0, 0, 2, 1, 1, 3]);
  });
});

describe("packComponents", () => {
  it("keeps a far-away isolated node from squashing the main component", () => {
    // A 10×10 square of four nodes and one isolate the force layout left 500 units away.
    const xs = Float64Array.from([0, 10, 10, 0, 500]);
    const ys = Float64Array.from([0, 0, 10, 10, 500]);
    const { componentOf, sizes } = connectedComponents({
      nodeCount: 5,
      sources: Int32Array.from([0, 1, 2, 3]),
      targets: Int32Array.from([1, 2, 3, 0]),
    });
    const before = fitPositions({ xs, ys });
    const packed = packComponents({ xs, ys, componentOf, componentCount: sizes.length });
    const after = fitPositions(packed);
    const mainBefore = extent([...before.xs.slice(0, 4)]);
    const mainAfter = extent([...after.xs.slice(0, 4)]);
    // Fitted into ±100: unpacked the square is ~4 units wide, packed it spans most of the box.
    expect(mainBefore).toBeLessThan(10);
    expect(mainAfter).toBeGreaterThan(120);
    // Each component keeps its shape.
    expect(packed.xs[1] - packed.xs[0]).toBeCloseTo(10);
    expect(packed.ys[2] - packed.ys[1]).toBeCloseTo(10);
  });

  it("lays small components out in rows that do not overlap the main one", () => {
    const count = 30;
    // A 20×20 main component (nodes 0–3) and 26 isolates scattered far away.
    const xs = Float64Array.from({ length: count }, (_, i) => (i < 4 ? (i % 2) * 20 : i * 97));
    const ys = Float64Array.from({ length: count }, (_, i) => (i < 4 ? (i >> 1) * 20 : -i * 53));
    const { componentOf, sizes } = connectedComponents({
      nodeCount: count,
      sources: Int32Array.from([0, 0, 1]),
      targets: Int32Array.from([1, 2, 3]),
    });
    const packed = packComponents({ xs, ys, componentOf, componentCount: sizes.length });
    const main = { x: [...packed.xs.slice(0, 4)], y: [...packed.ys.slice(0, 4)] };
    const [minX, maxX] = [Math.min(...main.x), Math.max(...main.x)];
    const [minY, maxY] = [Math.min(...main.y), Math.max(...main.y)];
    for (let i = 4; i < count; i++) {
      const inside =
        packed.xs[i] >= minX &&
        packed.xs[i] <= maxX &&
        packed.ys[i] >= minY &&
        packed.ys[i] <= maxY;
      expect(inside, `isolate ${i} inside the main component's box`).toBe(false);
    }
    const fitted = fitPositions(packed);
    // The main component still takes a good share of the picture's width.
    expect(extent([...fitted.xs.slice(0, 4)])).toBeGreaterThan(0.25 * extent([...fitted.xs]));
    expect(packComponents({ xs, ys, componentOf, componentCount: sizes.length })).toEqual(packed);
  });

  it("leaves a connected graph as it is", () => {
    const xs = Float64Array.from([1, 2, 3]);
    const ys = Float64Array.from([4, 5, 6]);
    const packed = packComponents({
      xs,
      ys,
      componentOf: Int32Array.from([0, 0, 0]),
      componentCount: 1,
    });
    expect([...packed.xs]).toEqual([1, 2, 3]);
    expect([...packed.ys]).toEqual([4, 5, 6]);
  });
});
