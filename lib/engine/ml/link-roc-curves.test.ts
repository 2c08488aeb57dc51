import { describe, expect, it } from "vitest";
import { trainingCurvesSchema } from "@/lib/contracts/ml-models";
import type { RocPoint } from "@/lib/contracts/roc-curve";
import { karateGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

const trapezoidArea = (points: RocPoint[]) =>
  points
    .slice(1)
    .reduce((area, p, i) => area + ((p.fpr - points[i].fpr) * (p.tpr + points[i].tpr)) / 2, 0);

describe("a link predictor's ROC curves", () => {
  it("are saved with its curves, from (0, 0) to (1, 1), with the reported AUC as their area", async () => {
    const result = await trainModel({
      graph: karateGraph(),
      task: "link_prediction",
      model: "gae",
      features: { properties: [], nodeIdentity: true },
      edgeSplit: { val: 0.1, test: 0.2 },
      epochs: 20,
      seed: 3,
    });
    const roc = result.curves.roc;
    expect(roc).toBeDefined();
    for (const part of ["val", "test"] as const) {
      const points = roc?.[part] ?? [];
      expect(points.length).toBeGreaterThan(2);
      expect(points.length).toBeLessThanOrEqual(101);
      expect(points[0]).toEqual({ fpr: 0, tpr: 0 });
      expect(points.at(-1)).toEqual({ fpr: 1, tpr: 1 });
      // Karate's held-out parts are short (8 and 16 edges, as many non-edges): not thinned.
      expect(trapezoidArea(points)).toBeCloseTo(result.metrics[part].auc ?? Number.NaN, 12);
    }
    // The record stores the curves as JSON, and the results view parses them with this schema.
    const stored = trainingCurvesSchema.parse(JSON.parse(JSON.stringify(result.curves)));
    expect(stored.roc).toEqual(roc);
  });
});
