import { describe, expect, it } from "vitest";
import { trainInputSchema } from "@/lib/contracts/tool-inputs/train-input";
import { toTrainingRequest } from "./training-request";

describe("train arguments for a graph attention network", () => {
  it("passes model gat, heads, layers and patience on to the training", () => {
    const args = trainInputSchema.parse({
      task: "node_classification",
      model: "gat",
      label_property: "label",
      hidden: 8,
      heads: 4,
      layers: 3,
      patience: 50,
      dropout: 0.5,
    });
    const request = toTrainingRequest(args);
    expect(request.model).toBe("gat");
    expect(request.hyperparameters).toEqual({
      hidden: 8,
      heads: 4,
      layers: 3,
      dropout: 0.5,
      earlyStopping: { mode: "patience", monitor: "val_loss", patience: 50, restoreBest: true },
    });
  });

  it("leaves heads, layers and early stopping to the model's defaults when not given", () => {
    const request = toTrainingRequest(
      trainInputSchema.parse({ task: "node_classification", model: "gat", label_property: "y" }),
    );
    expect(request.hyperparameters).toEqual({});
  });

  it("refuses zero heads, a one-layer network and an unknown model", () => {
    const base = { task: "node_classification", label_property: "label" };
    expect(trainInputSchema.safeParse({ ...base, model: "gat", heads: 0 }).success).toBe(false);
    expect(trainInputSchema.safeParse({ ...base, model: "gat", layers: 1 }).success).toBe(false);
    expect(trainInputSchema.safeParse({ ...base, model: "gatv2" }).success).toBe(false);
  });
});
