import type { RocCurves } from "@/lib/contracts/roc-curve";
import type { GraphData } from "../graph/graph-data";
import type { FeatureSelection } from "./derive-feature-schema";
import type { EarlyStoppingOutcome, EarlyStoppingSpec } from "./early-stopping";
import type { EdgeSplitDescription, EdgeSplitSpec } from "./edge-split";
import type { FeaturesUsed } from "./features-used";
import type { ModelFile } from "./model-file";
import type { NetworkKind, SageAggregator } from "./network";
import type { SplitDescription, SplitSpec } from "./node-split";

/** What is learnt. */
export type MlTask = "node_classification" | "link_prediction";

/** Training knobs; defaults are the GCN paper's for node classification (see defaults file). */
export type Hyperparameters = {
  /** Width of the hidden layer (ignored by logreg); GAT: features per attention head. */
  hidden: number;
  /** GAT: attention heads of each hidden layer (the output layer has one). */
  heads?: number;
  /** GAT: number of layers, output included (default 2); GCNII: number of convolutions. */
  layers?: number;
  /** Link prediction: size of the node embedding the decoder takes dot products of. */
  embedding: number;
  learningRate: number;
  weightDecay: number;
  /** Weight decay on the first layer only (Kipf & Welling) instead of on every weight. */
  weightDecayFirstLayerOnly: boolean;
  dropout: number;
  epochs: number;
  earlyStopping: EarlyStoppingSpec;
  /** Link prediction: negative pairs sampled per positive training edge each epoch. */
  negativeRatio: number;
  /** APPNP: teleport probability; GCNII: strength of the initial residual. */
  alpha?: number;
  /** GCNII: λ of the identity mapping βₗ = ln(λ/ℓ + 1). */
  lambda?: number;
  /** APPNP: personalised-PageRank power-iteration steps K. */
  propagationSteps?: number;
  /** APPNP: dropout on the propagation matrix's entries at each step. */
  edgeDropout?: number;
  /** GCNII: weight decay on the convolution weights (weightDecay covers the linear layers). */
  convolutionWeightDecay?: number;
  /** GraphSAGE: the neighbourhood aggregator (absent: "mean", as models saved before it). */
  aggregator?: SageAggregator;
};

/** A progress report; `pct` is 0…100. Sent at most ~50 times per training. */
export type TrainingProgress = {
  stage: "features" | "training" | "evaluating" | "done";
  pct: number;
  message: string;
  epoch?: number;
};

/**
 * Per-epoch curves, one entry per epoch run (val metric: accuracy or ROC-AUC); link prediction
 * adds the kept model's ROC curves on the held-out edges (`link-roc-curves.ts`).
 */
export type TrainingCurves = {
  epoch: number[];
  trainLoss: number[];
  valLoss: number[];
  valMetric: number[];
  epochMs: number[];
  roc?: RocCurves;
};

/** How the metrics were obtained; recorded beside every metric. */
export type EvaluationProtocol = {
  task: MlTask;
  model: NetworkKind;
  split: SplitDescription | EdgeSplitDescription;
  metric: "accuracy" | "roc_auc";
  seed: number;
  maxEpochs: number;
  epochsRun: number;
  /** The epoch whose weights the model keeps (last epoch unless best weights were restored). */
  keptEpoch: number;
  earlyStopping: EarlyStoppingSpec;
  /** What early stopping did: the criterion the kept epoch is best by, where it stopped. */
  early_stopping?: EarlyStoppingOutcome;
  /** Node classification: which inputs the model read and why (defaults included). */
  features?: FeaturesUsed;
};

/**
 * Final metrics per part; node classification: accuracy + macro-F1 (`macro_f1`), links: ROC-AUC
 * (`auc`) + average precision (`ap`).
 */
export type TrainingMetrics = Record<
  "train" | "val" | "test",
  { accuracy?: number; macro_f1?: number; loss?: number; auc?: number; ap?: number }
>;

/** Input of trainModel. */
export type TrainModelInput = {
  graph: GraphData;
  task: MlTask;
  model: NetworkKind;
  /** Node classification: the property holding the class. */
  labelProperty?: string;
  features?: FeatureSelection;
  /**
   * Node classification split; default the `split` property when nodes have one, else
   * stratified 60/20/20 with every class in every part (node-classification-defaults.ts).
   */
  split?: SplitSpec;
  /** Link prediction: fractions of edges held out (default val 0.05, test 0.10). */
  edgeSplit?: EdgeSplitSpec;
  epochs?: number;
  seed?: number;
  hyperparameters?: Partial<Hyperparameters>;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
};

/**
 * What a training asks for, without the graph and the run-time hooks: what lib/ml makes of the
 * train arguments and what a worker thread receives beside the graph.
 */
export type TrainingRequest = Omit<TrainModelInput, "graph" | "onProgress" | "signal">;

/** Result of trainModel: a serialisable model file plus what the model record stores. */
export type TrainModelResult = {
  modelFile: ModelFile;
  metrics: TrainingMetrics;
  curves: TrainingCurves;
  protocol: EvaluationProtocol;
};
