import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { type RocCurvePoint, rankingMetrics, rocCurvePoints } from "./ranking-metrics";

// Points by brute-force thresholding and AUC by counting pairs, in plain Python:
// tests/fixtures/roc/roc_reference.py (its printed output beside it).
type Reference = {
  scores: number[];
  labels: number[];
  points: RocCurvePoint[];
  auc: number;
};
const references = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../tests/fixtures/roc/roc_reference.json"),
    "utf8",
  ),
) as Record<string, Reference>;

function trapezoidArea(points: RocCurvePoint[]): number {
  let area = 0;
  for (let i = 1; i < points.length; i++) {
    area += ((points[i].fpr - points[i - 1].fpr) * (points[i].tpr + points[i - 1].tpr)) / 2;
  }
  return area;
}

const inputsOf = (reference: Reference) => ({
  scores: Float64Array.from(reference.scores),
  labels: Uint8Array.from(reference.labels),
});

describe("rocCurvePoints", () => {
  it.each(Object.keys(references))("matches the reference curve and AUC (%s)", (name) => {
    const reference = references[name];
    const points = rocCurvePoints({ ...inputsOf(reference), maxPoints: 1000 });
    expect(points).toHaveLength(reference.points.length);
    points.forEach((point, i) => {
      expect(point.fpr).toBeCloseTo(reference.points[i].fpr, 12);
      expect(point.tpr).toBeCloseTo(reference.points[i].tpr, 12);
    });
    expect(trapezoidArea(points)).toBeCloseTo(reference.auc, 12);
    expect(trapezoidArea(points)).toBeCloseTo(rankingMetrics(inputsOf(reference)).auc, 12);
  });

  it("takes a tie of a positive and a negative as one diagonal step (half credit)", () => {
    const points = rocCurvePoints({
      scores: Float64Array.from([2, 1, 1, 0]),
      labels: Uint8Array.from([1, 1, 0, 0]),
    });
    expect(points).toEqual([
      { fpr: 0, tpr: 0 },
      { fpr: 0, tpr: 0.5 },
      { fpr: 0.5, tpr: 1 },
      { fpr: 1, tpr: 1 },
    ]);
    expect(trapezoidArea(points)).toBe(0.875);
  });

  it("thins a long curve to at most maxPoints of its own points, endpoints exact", () => {
    const random = createRandom({ seed: 11 });
    const n = 5000;
    const labels = new Uint8Array(n);
    const scores = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      labels[i] = random() < 0.5 ? 1 : 0;
      scores[i] = random() + (labels[i] ? 0.3 : 0);
    }
    const full = rocCurvePoints({ scores, labels, maxPoints: Number.POSITIVE_INFINITY });
    expect(full.length).toBeGreaterThan(n);
    const thinned = rocCurvePoints({ scores, labels });
    expect(thinned.length).toBeLessThanOrEqual(101);
    expect(thinned.length).toBeGreaterThan(90);
    expect(thinned[0]).toEqual({ fpr: 0, tpr: 0 });
    expect(thinned.at(-1)).toEqual({ fpr: 1, tpr: 1 });
    const onFullCurve = new Set(full.map((p) => `${p.fpr},${p.tpr}`));
    for (let i = 1; i < thinned.length; i++) {
      expect(onFullCurve.has(`${thinned[i].fpr},${thinned[i].tpr}`)).toBe(true);
      expect(thinned[i].fpr).toBeGreaterThanOrEqual(thinned[i - 1].fpr);
      expect(thinned[i].tpr).toBeGreaterThanOrEqual(thinned[i - 1].tpr);
    }
    // The full curve's trapezoids are the AUC; the thinned one stays within a hair of it.
    const { auc } = rankingMetrics({ scores, labels });
    expect(trapezoidArea(full)).toBeCloseTo(auc, 12);
    expect(Math.abs(trapezoidArea(thinned) - auc)).toBeLessThan(0.005);
    // The reference with many ties, thinned to 21 points: still its points, both ends kept.
    const seeded = references.seeded_rounded;
    const few = rocCurvePoints({ ...inputsOf(seeded), maxPoints: 21 });
    expect(few.length).toBeLessThanOrEqual(21);
    expect(few[0]).toEqual({ fpr: 0, tpr: 0 });
    expect(few.at(-1)).toEqual({ fpr: 1, tpr: 1 });
  });

  it("is empty when one class is missing", () => {
    const scores = Float64Array.from([0.3, 0.7]);
    expect(rocCurvePoints({ scores, labels: Uint8Array.from([1, 1]) })).toEqual([]);
    expect(rocCurvePoints({ scores, labels: Uint8Array.from([0, 0]) })).toEqual([]);
  });
});
