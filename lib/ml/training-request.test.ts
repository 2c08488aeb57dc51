import { describe, expect, it } from "vitest";
import { trainInputSchema } from "@/lib/contracts/tool-inputs/train-input";
import { mlErrorReason } from "@/lib/engine/ml/ml-error";
import { resolveHyperparameters } from "@/lib/engine/ml/resolve-hyperparameters";
import { toTrainingRequest } from "./training-request";

const base = { task: "node_classification", label_property: "label" } as const;

describe("train arguments for appnp and gcnii", () => {
  it("accepts the models and their hyperparameters and passes them on", () => {
    const args = trainInputSchema.parse({
      ...base,
      model: "gcnii",
      layers: 8,
      alpha: 0.2,
      hidden: 32,
      dropout: 0.5,
      learning_rate: 0.005,
      weight_decay: 0.001,
      epochs: 300,
      patience: 40,
      early_stopping_criterion: "val_metric",
    });
    expect(toTrainingRequest(args)).toMatchObject({
      model: "gcnii",
      epochs: 300,
      hyperparameters: {
        layers: 8,
        alpha: 0.2,
        hidden: 32,
        dropout: 0.5,
        learningRate: 0.005,
        weightDecay: 0.001,
        earlyStopping: { mode: "patience", monitor: "val_metric", patience: 40, restoreBest: true },
      },
    });
    const appnp = toTrainingRequest(
      trainInputSchema.parse({ ...base, model: "appnp", patience: 20 }),
    );
    expect(appnp.hyperparameters?.earlyStopping).toEqual({
      mode: "patience",
      monitor: "val_loss",
      patience: 20,
      restoreBest: true,
    });
  });

  it("rejects out-of-range or misplaced values, naming the field", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ model: "appnp", alpha: 1.5 }, "alpha"],
      [{ model: "appnp", alpha: 0 }, "alpha"],
      [{ model: "gcnii", layers: 0 }, "layers"],
      [{ model: "gcnii", layers: 2.5 }, "layers"],
      [{ model: "gcn", layers: 8 }, "layers"],
      [{ model: "mlp", alpha: 0.1 }, "alpha"],
      [{ model: "appnp", patience: 0 }, "patience"],
      [{ model: "appnp", early_stopping_criterion: "val_metric" }, "early_stopping_criterion"],
      [
        { model: "appnp", early_stopping_criterion: "train_loss", patience: 5 },
        "early_stopping_criterion",
      ],
      [{ model: "gcnii", dropout: 1 }, "dropout"],
    ];
    for (const [args, field] of bad) {
      const parsed = trainInputSchema.safeParse({ ...base, ...args });
      expect(parsed.success, JSON.stringify(args)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain(field);
    }
  });

  it("the engine defaults are the papers' settings", () => {
    const appnp = resolveHyperparameters({ task: "node_classification", model: "appnp" });
    expect(appnp).toMatchObject({
      hidden: 64,
      alpha: 0.1,
      propagationSteps: 10,
      dropout: 0.5,
      learningRate: 0.01,
      weightDecay: 5e-4,
      earlyStopping: { mode: "patience", monitor: "val_loss", patience: 100, restoreBest: true },
    });
    const gcnii = resolveHyperparameters({ task: "node_classification", model: "gcnii" });
    // The paper's except width, depth and epoch budget, narrowed to train in under half a minute.
    expect(gcnii).toMatchObject({
      hidden: 48,
      layers: 16,
      epochs: 250,
      alpha: 0.1,
      lambda: 0.5,
      dropout: 0.6,
      learningRate: 0.01,
      weightDecay: 5e-4,
      convolutionWeightDecay: 0.01,
      earlyStopping: { mode: "patience", monitor: "val_loss", patience: 100, restoreBest: true },
    });
  });

  it("the engine refuses hyperparameters out of range with INVALID_HYPERPARAMETER", () => {
    expect.assertions(2);
    try {
      resolveHyperparameters({
        task: "node_classification",
        model: "gcnii",
        hyperparameters: { layers: 500, alpha: 2 },
      });
    } catch (error) {
      expect(mlErrorReason(error)).toBe("INVALID_HYPERPARAMETER");
      expect((error as { details?: { invalid?: string[] } }).details?.invalid).toEqual([
        "layers",
        "alpha",
      ]);
    }
  });
});

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
    expect(trainInputSchema.safeParse({ ...base, model: "gat", heads: 0 }).success).toBe(false);
    expect(trainInputSchema.safeParse({ ...base, model: "gat", layers: 1 }).success).toBe(false);
    expect(trainInputSchema.safeParse({ ...base, model: "gatv2" }).success).toBe(false);
  });
});
