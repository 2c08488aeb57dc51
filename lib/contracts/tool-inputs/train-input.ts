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
      .enum(["gcn", "graphsage", "mlp", "logreg", "gae", "vgae"])
      .default("gcn")
      .describe(
        "Node classification: gcn, graphsage, mlp, logreg. Link prediction: gae, vgae (variational) or graphsage encoders with a dot-product decoder.",
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
    hidden: z.number().int().min(1).max(4096).optional(),
    learning_rate: z.number().gt(0).lt(10).optional(),
    dropout: z.number().min(0).lt(1).optional(),
    weight_decay: z.number().min(0).max(1).optional(),
  })
  .strict();

/** Validated train arguments, defaults filled in. */
export type TrainInput = z.infer<typeof trainInputSchema>;
