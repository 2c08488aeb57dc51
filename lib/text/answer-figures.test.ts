import { describe, expect, it } from "vitest";
import { figureStates, findStatedFigure, readFigures } from "./answer-figures";

const values = (text: string) => readFigures(text).map((figure) => figure.value);
const states = (text: string, value: number, tolerance: number) =>
  findStatedFigure({ text, value, tolerance }) !== undefined;

describe("readFigures", () => {
  it("reads thousands, signs, exponents and percentages", () => {
    expect(values("1,316 rows")).toEqual([1316]);
    expect(values("assortativity -0.4756.")).toEqual([-0.4756]);
    expect(values("about 2.5e-3")).toEqual([0.0025]);
    expect(values("13.9% of nodes")[0]).toBeCloseTo(0.139, 12);
    expect(values("−3 (a unicode minus)")).toEqual([-3]);
  });

  it("leaves the digits of ids alone", () => {
    expect(values("n33 has 17 neighbours")).toEqual([17]);
    expect(values("customers:34 placed 12 orders")).toEqual([12]);
    expect(values("community #2 is the largest")).toEqual([]);
    expect(values("p1358, c3 and 3D")).toEqual([]);
    expect(values("1/2 of them")).toEqual([]);
  });

  it("reads digits next to Chinese characters", () => {
    expect(values("共45个三角形")).toEqual([45]);
    expect(values("最短路径共 2 跳：n0 → n8 → n33。")).toEqual([2]);
  });

  it("keeps a list of small numbers apart and ends a figure at a full stop", () => {
    expect(values("degrees 1, 2 and 3.")).toEqual([1, 2, 3]);
    expect(values("The diameter is 5.")).toEqual([5]);
    expect(values("n16-5 and 2-3")).toEqual([5, 2, 3]);
  });
});

describe("figureStates (printed precision and tolerance)", () => {
  const value = 0.5706384782076823;
  it("matches the README's example: 0.571 and 0.5706 state 0.5706384, 0.57 does not", () => {
    expect(states("0.571", value, 0.0005)).toBe(true);
    expect(states("0.5706", value, 0.0005)).toBe(true);
    expect(states("0.57", value, 0.0005)).toBe(false);
  });

  it("needs both: rounding at the printed digit and the tolerance", () => {
    // 251.8 rounds 251.75 correctly at one decimal but is outside the 0.005 tolerance.
    expect(states("251.8", 251.7523666666667, 0.005)).toBe(false);
    expect(states("251.75", 251.7523666666667, 0.005)).toBe(true);
    // With a loose tolerance a coarse figure states it when it rounds right, and only then.
    expect(states("0.6", value, 0.1)).toBe(true);
    expect(states("1", value, 0.1)).toBe(false);
  });

  it("takes counts exactly and percentages as fractions", () => {
    expect(states("78", 78, 0)).toBe(true);
    expect(states("78.0", 78, 0)).toBe(true);
    expect(states("77", 78, 0)).toBe(false);
    expect(states("13.9%", 0.139, 0.0005)).toBe(true);
    expect(states("14%", 0.139, 0.0005)).toBe(false);
    expect(states("1,316", 1316, 0)).toBe(true);
  });

  it("reports the half unit of the last printed digit", () => {
    const [figure] = readFigures("0.571");
    expect(figure.halfUnit).toBeCloseTo(0.0005, 12);
    expect(figureStates({ figure, value: 0.5715, tolerance: 1 })).toBe(true);
  });
});
