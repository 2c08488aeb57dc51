import type { JSONValue } from "@ai-sdk/provider";
import { type Tool, tool } from "ai";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import {
  type EngineToolName,
  engineToolInputSchemas,
} from "@/lib/contracts/tool-inputs/engine-tool-input-schemas";
import { karateEngine } from "../testing/karate-engine";
import {
  type EngineOutput,
  type FakeEngine,
  fail,
  ok,
  runConversation,
} from "../testing/run-conversation";
import { detectMlIntent } from "./detect-ml-intent";

// The graph-ML intents (AF-4, TC-2, JOB-4) in English and Chinese, against a fake engine whose
// train / infer calls end with a finished job's result (as the runtime's job waiter delivers).

const state = attachedKarateState();
const toolNames: EngineToolName[] = [
  "get_graph_info",
  "load_constructed_graph",
  "list_datasets",
  "construct_graph",
  "search_node",
  "train",
  "infer",
  "training_summary",
];

function tools(): Record<string, Tool> {
  const set: Record<string, Tool> = {};
  for (const name of toolNames) {
    const inputSchema: z.ZodType<Record<string, unknown>> = engineToolInputSchemas[name];
    set[name] = tool({ description: name, inputSchema });
  }
  return set;
}

const protocol = (metric: "accuracy" | "roc_auc", kind: string) => ({
  task: metric === "accuracy" ? "node_classification" : "link_prediction",
  model: "gcn",
  metric,
  seed: 42,
  maxEpochs: 200,
  epochsRun: 57,
  keptEpoch: 47,
  early_stopping: { criterion: metric === "accuracy" ? "val_loss" : "val_auc" },
  split: { kind, sizes: { train: 20, val: 7, test: 7 } },
});

const classifier = {
  model_id: "mdl-club-1",
  task: "node_classification",
  model: "gcn",
  dataset_id: "ds_karate",
  revision: 3,
  classes: ["Mr. Hi", "Officer"],
  metrics: {
    train: { accuracy: 1, macro_f1: 1 },
    val: { accuracy: 0.8571428571, macro_f1: 0.85 },
    test: { accuracy: 0.7142857143, macro_f1: 0.7 },
  },
  protocol: {
    ...protocol("accuracy", "stratified"),
    split: {
      kind: "stratified",
      sizes: { train: 20, val: 7, test: 7 },
      classCounts: {
        train: { "Mr. Hi": 10, Officer: 10 },
        val: { "Mr. Hi": 4, Officer: 3 },
        test: { "Mr. Hi": 3, Officer: 4 },
      },
    },
    features: {
      basis: "no_feature_properties",
      properties: [],
      propertyCount: 0,
      structural: [],
      nodeIdentity: true,
      width: 34,
    },
  },
  job_id: "job-7",
};

const linkModel = {
  ...classifier,
  model_id: "mdl-links-1",
  task: "link_prediction",
  classes: null,
  metrics: {
    train: { auc: 0.9, ap: 0.9 },
    val: { auc: 0.8, ap: 0.8 },
    test: { auc: 0.7654, ap: 0.75 },
  },
  protocol: protocol("roc_auc", "edges"),
};

function summary(models: (typeof classifier)[], datasetId = "ds_karate") {
  return {
    project_id: "p1",
    model_count: models.length,
    excluded: [],
    groups: models.map((model) => ({
      group_key: model.model_id,
      dataset_id: datasetId,
      dataset_name: "karate",
      revision: 3,
      task: model.task,
      split: model.protocol.split,
      metric: model.protocol.metric,
      experiments: [
        {
          model_id: model.model_id,
          model: model.model,
          config: { label_property: model.task === "node_classification" ? "club" : null },
          metrics: model.metrics,
          protocol: model.protocol,
          job_id: model.job_id,
          created_at: "2026-12-01T10:00:00.000Z",
        },
      ],
    })),
  };
}

function engine(overrides: Partial<Record<string, FakeEngine>> = {}): FakeEngine {
  return karateEngine({
    train: (call) =>
      ok((call.input.task === "link_prediction" ? linkModel : classifier) as unknown as JSONValue),
    training_summary: () => ok(summary([classifier]) as unknown as JSONValue),
    infer: (call) =>
      call.input.node_ids
        ? ok({
            model_id: call.input.model_id as string,
            task: "node_classification",
            predictions: [
              { node_id: "n5", label: "Mr. Hi", probabilities: { "Mr. Hi": 0.93, Officer: 0.07 } },
            ],
          })
        : ok({
            model_id: call.input.model_id as string,
            task: "link_prediction",
            predictions: [
              { source: "n2", target: "n30", probability: 0.97 },
              { source: "n7", target: "n12", probability: 0.91 },
            ],
          }),
    ...overrides,
  });
}

const run = (question: string, fake: FakeEngine = engine()) =>
  runConversation({ question, state, engine: fake, tools: tools() });
const toolsOf = (turns: { calls: { toolName: string }[] }[]) =>
  turns.map((turn) => turn.calls.map((call) => call.toolName));

describe("ML intents are detected in English and Chinese", () => {
  it.each([
    [
      "Train a node classifier on karate to predict club",
      { kind: "train-classifier", labelProperty: "club" },
    ],
    [
      "在 karate 上训练一个节点分类器来预测 club",
      { kind: "train-classifier", labelProperty: "club" },
    ],
    [
      "train a graphsage model to predict the club",
      { kind: "train-classifier", model: "graphsage" },
    ],
    ["Train a GAT to predict club", { kind: "train-classifier", model: "gat" }],
    [
      "train a graph attention network to predict the club",
      { kind: "train-classifier", model: "gat" },
    ],
    ["train an APPNP model to predict club", { kind: "train-classifier", model: "appnp" }],
    ["Train GCNII to predict the club", { kind: "train-classifier", model: "gcnii" }],
    ["用图注意力网络训练模型预测 club", { kind: "train-classifier", model: "gat" }],
    ["Train a model that predicts the category", { kind: "train-classifier", model: "gcn" }],
    ["predict club for n5", { kind: "predict", property: "club", node: "n5" }],
    ["预测节点 n5 的 club", { kind: "predict", property: "club", node: "n5" }],
    ["How good is the model?", { kind: "evaluate" }],
    ["模型效果怎么样？", { kind: "evaluate" }],
    ["Compare the models", { kind: "compare" }],
    ["比较一下这些模型", { kind: "compare" }],
    ["Predict missing links", { kind: "missing-links", model: null }],
    ["Which links are likely missing? Use a VGAE", { kind: "missing-links", model: "vgae" }],
    ["predict missing links with a graph autoencoder", { kind: "missing-links", model: "gae" }],
    [
      "Find likely new connections with a variational graph auto-encoder",
      { kind: "missing-links", model: "vgae" },
    ],
    ["用变分图自编码器预测缺失的链接", { kind: "missing-links", model: "vgae" }],
    ["预测缺失的链接", { kind: "missing-links" }],
  ])("%s", (question, expected) => {
    expect(detectMlIntent({ question })).toMatchObject(expected);
  });
});

describe("train: verified graph, one train call, the finished job's figures", () => {
  it("trains after verifying the graph and cites model id, metrics and protocol", async () => {
    const { turns, answer } = await run("Train a node classifier on karate to predict club");
    expect(toolsOf(turns)).toEqual([["load_constructed_graph"], ["train"], []]);
    expect(turns[1].calls[0].input).toMatchObject({
      task: "node_classification",
      model: "gcn",
      label_property: "club",
      seed: 42,
    });
    // No features named: the engine's defaults decide, and the answer says what they were.
    expect(turns[1].calls[0].input).not.toHaveProperty("features");
    expect(answer).toContain("mdl-club-1");
    expect(answer).toContain("test accuracy 0.7143");
    expect(answer).toMatch(
      /stratified split \(train\/val\/test 20\/7\/7\), metric accuracy, seed 42, 57 of at most 200 epochs run, weights of epoch 47 kept \(lowest validation loss\)/,
    );
    expect(answer).toContain(
      "Features: the node-identity one-hot (34 input columns; the default for nodes that carry nothing but the label",
    );
    expect(answer).toContain("Every class has nodes in the train, validation and test parts.");
  });

  it("answers in Chinese", async () => {
    const { turns, answer } = await run("在 karate 上训练一个节点分类器来预测 club");
    expect(toolsOf(turns)).toEqual([["load_constructed_graph"], ["train"], []]);
    expect(answer).toContain("模型 ID mdl-club-1");
    expect(answer).toContain("评估协议");
    expect(answer).toContain("特征：节点身份 one-hot（34 个输入列");
  });

  it("explains the engine's reason when the label property is missing (TC-2)", async () => {
    const fake = engine({
      train: () =>
        fail(
          "INVALID_REQUEST",
          'LABEL_PROPERTY_MISSING: No node has a value for the label property "kind".',
          {
            reason: "LABEL_PROPERTY_MISSING",
          },
        ),
    });
    const { answer } = await run("Train a node classifier to predict kind", fake);
    expect(answer).toContain("LABEL_PROPERTY_MISSING");
    expect(answer).not.toMatch(/accuracy \d/);
  });

  it("reports an unfinished job without any accuracy", async () => {
    const accepted: EngineOutput = {
      type: "json",
      value: {
        success: true,
        status: "queued",
        async: true,
        job_id: "job-9",
        data: { job_id: "job-9" },
      },
    };
    const { answer } = await run(
      "Train a node classifier on karate to predict club",
      engine({ train: () => accepted }),
    );
    expect(answer).toContain("job-9");
    expect(answer).not.toMatch(/accuracy 0\./);
  });

  it("asks which property when none is named", async () => {
    const { turns, answer } = await run("Train a node classifier");
    expect(turns.flatMap((turn) => turn.calls).some((call) => call.toolName === "train")).toBe(
      false,
    );
    expect(answer).toMatch(/Which node property/);
  });
});

describe("predict, evaluate, compare, missing links", () => {
  it("confirms the node and finds the stored model in one batch, then infers on its real id", async () => {
    const { turns, answer } = await run("predict club for n5");
    expect(toolsOf(turns)).toEqual([
      ["load_constructed_graph"],
      ["search_node", "training_summary"],
      ["infer"],
      [],
    ]);
    expect(turns[2].calls[0].input).toMatchObject({ model_id: "mdl-club-1", node_ids: ["n5"] });
    expect(answer).toContain("Mr. Hi");
    expect(answer).toContain("0.9300");
    expect(answer).toMatch(/model prediction/);
  });

  it("answers “how good is the model” from the training summary alone", async () => {
    const { turns, answer } = await run("How good is the model?");
    expect(toolsOf(turns)).toEqual([["training_summary"], []]);
    expect(answer).toContain("mdl-club-1");
    expect(answer).toContain("seed 42");
  });

  it("compares models only inside their group", async () => {
    const fake = engine({
      training_summary: () => ok(summary([classifier, linkModel as never]) as unknown as JSONValue),
    });
    const { answer } = await run("比较一下这些模型", fake);
    expect(answer).toContain("2 个可比较的组");
    expect(answer).toContain("node_classification");
    expect(answer).toContain("link_prediction");
    expect(answer).toContain("mdl-links-1");
  });

  it("trains a link predictor when none exists, then lists the most likely missing links", async () => {
    const { turns, answer } = await run("Predict missing links");
    expect(toolsOf(turns)).toEqual([
      ["load_constructed_graph"],
      ["training_summary"],
      ["train"],
      ["infer"],
      [],
    ]);
    expect(turns[2].calls[0].input).toMatchObject({ task: "link_prediction" });
    expect(turns[3].calls[0].input).toMatchObject({ model_id: "mdl-links-1", top_k: 10 });
    expect(answer).toContain("n2 – n30");
  });

  it("reuses this revision's link model when the question names no encoder", async () => {
    const fake = engine({
      training_summary: () => ok(summary([classifier, linkModel as never]) as unknown as JSONValue),
    });
    const { turns } = await run("Predict missing links", fake);
    expect(toolsOf(turns)).toEqual([
      ["load_constructed_graph"],
      ["training_summary"],
      ["infer"],
      [],
    ]);
    expect(turns[2].calls[0].input).toMatchObject({ model_id: "mdl-links-1", top_k: 10 });
  });

  it("trains the encoder the question names instead of reusing another one (a GCN for a VGAE)", async () => {
    const fake = engine({
      training_summary: () => ok(summary([classifier, linkModel as never]) as unknown as JSONValue),
    });
    const { turns } = await run("Which links are likely missing? Use a VGAE", fake);
    expect(toolsOf(turns)).toEqual([
      ["load_constructed_graph"],
      ["training_summary"],
      ["train"],
      ["infer"],
      [],
    ]);
    expect(turns[2].calls[0].input).toMatchObject({ task: "link_prediction", model: "vgae" });
  });

  it("says no model exists instead of guessing a class", async () => {
    const fake = engine({ training_summary: () => ok(summary([]) as unknown as JSONValue) });
    const { turns, answer } = await run("predict club for n5", fake);
    expect(turns.flatMap((turn) => turn.calls).some((call) => call.toolName === "infer")).toBe(
      false,
    );
    expect(answer).toMatch(/No trained model predicts “club”/);
  });
});
