import { z } from "zod";

const fraction = z.number().min(0).max(1);

/** Which node properties (and structural measures) become the model's input columns. */
export const trainFeaturesSchema = z
  .object({
    properties: z
      .union([z.literal("all"), z.array(z.string().min(1).max(200)).max(5000)])
      .optional()
      .describe('"all" (default): every usable node property except the label and split ones.'),
    structural: z
      .array(z.enum(["degree", "pagerank", "clustering"]))
      .max(3)
      .optional()
      .describe("Structural features computed from the graph, standardised."),
    node_identity: z
      .boolean()
      .optional()
      .describe("One-hot of the node id (transductive; for graphs whose properties say nothing)."),
  })
  .strict();

/**
 * How the evaluation split is made: node classification from a node property
 * (train/val/test values) or seeded and stratified by class; link prediction holds out edges.
 */
export const trainSplitSchema = z.discriminatedUnion("kind", [
  z
    .object({ kind: z.literal("property"), property: z.string().min(1).max(200).optional() })
    .strict(),
  z
    .object({
      kind: z.literal("stratified"),
      train: fraction.optional(),
      val: fraction.optional(),
      test: fraction.optional(),
    })
    .strict(),
  z
    .object({ kind: z.literal("edges"), val: fraction.optional(), test: fraction.optional() })
    .strict(),
]);

/** Arguments of train: task, model, label, features, split and the training knobs. */
export const trainInputSchema = z
  .object({
    task: z.enum(["node_classification", "link_prediction"]),
    model: z
      .enum(["gcn", "graphsage", "mlp", "logreg", "gat", "appnp", "gcnii", "gae", "vgae"])
      .default("gcn")
      .describe(
        "Node classification: gcn, graphsage, gat (graph attention), appnp (personalised-PageRank propagation), gcnii (deep, initial residual + identity mapping), mlp, logreg. Link prediction: gae, vgae (variational) or graphsage encoders with a dot-product decoder.",
      ),
    label_property: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Node classification: the node property holding the class (required)."),
    features: trainFeaturesSchema
      .optional()
      .describe(
        "Omit for the defaults: every usable node property; a graph whose nodes carry only the label gets the node-identity one-hot (gcn, graphsage) or degree/pagerank/clustering (mlp); logreg always reads the structural features.",
      ),
    split: trainSplitSchema
      .optional()
      .describe(
        "Default: the `split` node property when nodes have one, else stratified 60/20/20 with every class in every part (classes of 3+ nodes); links: 85/5/10 edges.",
      ),
    epochs: z.number().int().min(1).max(10_000).optional(),
    seed: z.number().int().min(0).max(4_294_967_295).default(42),
    hidden: z
      .number()
      .int()
      .min(1)
      .max(4096)
      .optional()
      .describe("Hidden width; gat: features per attention head."),
    heads: z
      .number()
      .int()
      .min(1)
      .max(64)
      .optional()
      .describe("gat: attention heads per hidden layer."),
    learning_rate: z.number().gt(0).lt(10).optional(),
    dropout: z.number().min(0).lt(1).optional(),
    weight_decay: z.number().min(0).max(1).optional(),
    layers: z
      .number()
      .int()
      .min(1)
      .max(128)
      .optional()
      .describe(
        "gat: layers, output included (2–16, default 2); gcnii: number of convolutions (default 16).",
      ),
    alpha: z
      .number()
      .gt(0)
      .lt(1)
      .optional()
      .describe(
        "appnp: teleport probability (default 0.1); gcnii: initial-residual strength (0.1).",
      ),
    patience: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe(
        "Early stopping on the validation split: stop after this many epochs without a better value of early_stopping_criterion; the best epoch's weights are kept.",
      ),
    early_stopping_criterion: z
      .enum(["val_loss", "val_metric"])
      .optional()
      .describe(
        "What `patience` watches and the kept epoch is best by: validation loss (default) or the validation metric (accuracy, or AUC for links).",
      ),
  })
  .strict()
  .superRefine((args, context) => {
    for (const name of ["layers", "alpha"] as const) {
      const allowed = name === "layers" ? ["gat", "gcnii"] : ["appnp", "gcnii"];
      if (args[name] !== undefined && !allowed.includes(args.model)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `${name} applies to ${allowed.join(" and ")} only, not ${args.model}.`,
        });
      }
    }
    if (
      args.model === "gat" &&
      args.layers !== undefined &&
      (args.layers < 2 || args.layers > 16)
    ) {
      context.addIssue({
        code: "custom",
        path: ["layers"],
        message: "gat takes 2 to 16 layers (the output layer included).",
      });
    }
    if (args.early_stopping_criterion !== undefined && args.patience === undefined) {
      context.addIssue({
        code: "custom",
        path: ["early_stopping_criterion"],
        message: "early_stopping_criterion needs patience.",
      });
    }
  });

/** Validated train arguments, defaults filled in. */
export type TrainInput = z.infer<typeof trainInputSchema>;
