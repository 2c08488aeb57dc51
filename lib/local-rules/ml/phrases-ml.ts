/** The answer sentences of the graph-ML plans, in English and Chinese (AF-4). */
/** What a kept epoch is best by, as the training result names it. */
type KeptEpochCriterion = "val_loss" | "val_accuracy" | "val_auc" | "last_epoch";

export type MlPhrases = {
  titleTraining: string;
  titlePrediction: string;
  titleModels: string;
  askLabelProperty: string;
  trainingSubmitted: (jobId: string) => string;
  noAccuracyYet: string;
  trained: (model: string, modelId: string, metric: string, value: string) => string;
  protocol: (input: {
    split: string;
    sizes: string;
    metric: string;
    seed: number;
    epochs: string;
  }) => string;
  /** Which inputs the model read, and why (the engine's choice when the request named none). */
  featuresUsed: (input: {
    properties: number;
    structural: string[];
    nodeIdentity: boolean;
    width: number;
    basis: "requested" | "node_properties" | "no_feature_properties" | "structural_baseline";
  }) => string;
  /** Whether every class has nodes in every part; the parts and classes missing otherwise. */
  classCoverage: (missing: { part: string; name: string }[]) => string;
  /** "200 epochs run (at most 200)". */
  epochsRun: (run: number, max: number | undefined) => string;
  /** The kept epoch, and what it is best by when the result says. */
  keptEpoch: (epoch: number, criterion?: KeptEpochCriterion) => string;
  metricsHeading: string;
  columnPart: string;
  columnModel: string;
  columnModelId: string;
  columnClasses: string;
  partNames: Record<"train" | "val" | "test", string>;
  noModels: string;
  noModelFor: (property: string | null) => string;
  latestModel: (
    model: string,
    modelId: string,
    metric: string,
    value: string,
    dataset: string,
  ) => string;
  groupHeading: (dataset: string, task: string, split: string) => string;
  groupsNote: string;
  compared: (groups: number, models: number) => string;
  predicted: (node: string, label: string, probability: string, modelId: string) => string;
  predictionLabel: string;
  linksPredicted: (count: number, modelId: string) => string;
  columnPair: string;
  columnProbability: string;
  trainedForLinks: (modelId: string) => string;
  whichNode: string;
};

const en: MlPhrases = {
  titleTraining: "Model training",
  titlePrediction: "Model prediction",
  titleModels: "Trained models",
  askLabelProperty:
    "Which node property should the classifier predict? Name it, e.g. “train a node classifier to predict club”.",
  trainingSubmitted: (jobId) =>
    `Training was submitted as background job ${jobId} and has not finished yet.`,
  noAccuracyYet: "No accuracy is reported until the job has finished: only its progress is known.",
  trained: (model, modelId, metric, value) =>
    `Trained a ${model} model (model id ${modelId}): test ${metric} ${value}.`,
  protocol: ({ split, sizes, metric, seed, epochs }) =>
    `Evaluation protocol: ${split} split (train/val/test ${sizes}), metric ${metric}, seed ${seed}, ${epochs}.`,
  featuresUsed: ({ properties, structural, nodeIdentity, width, basis }) => {
    const what = [
      ...(properties > 0
        ? [`${properties} node ${properties === 1 ? "property" : "properties"}`]
        : []),
      ...(structural.length > 0 ? [`structural ${structural.join(", ")}`] : []),
      ...(nodeIdentity ? ["the node-identity one-hot"] : []),
    ].join(" + ");
    const why = {
      requested: "as requested",
      node_properties: "the default: every usable node property",
      no_feature_properties:
        "the default for nodes that carry nothing but the label: the network learns each node's identity through its neighbours",
      structural_baseline: "logistic regression's default, the structural baseline",
    }[basis];
    return `Features: ${what} (${width} input columns; ${why}).`;
  },
  classCoverage: (missing) =>
    missing.length === 0
      ? "Every class has nodes in the train, validation and test parts."
      : `Some parts lack a class (${missing.map((m) => `${m.name} in ${m.part}`).join(", ")}): figures there say nothing about it.`,
  epochsRun: (run, max) =>
    max === undefined ? `${run} epochs run` : `${run} of at most ${max} epochs run`,
  keptEpoch: (epoch, criterion) => {
    const by = {
      val_loss: " (lowest validation loss)",
      val_accuracy: " (highest validation accuracy)",
      val_auc: " (highest validation AUC)",
      last_epoch: " (the last epoch)",
    };
    return `weights of epoch ${epoch} kept${criterion ? by[criterion] : ""}`;
  },
  metricsHeading: "Final metrics",
  columnPart: "Part",
  columnModel: "Model",
  columnModelId: "Model id",
  columnClasses: "Classes",
  partNames: { train: "train", val: "validation", test: "test" },
  noModels: "No model has been trained in this project yet; ask to train one first.",
  noModelFor: (property) =>
    property
      ? `No trained model predicts “${property}” on this graph yet; ask to train a node classifier to predict ${property} first.`
      : "No trained node classifier exists for this graph yet; ask to train one first.",
  latestModel: (model, modelId, metric, value, dataset) =>
    `The latest model is a ${model} (model id ${modelId}) on ${dataset}: test ${metric} ${value}.`,
  groupHeading: (dataset, task, split) => `${dataset} — ${task}, ${split}`,
  groupsNote:
    "Metrics are compared only inside one table: each table is one dataset revision, task and split.",
  compared: (groups, models) => `${models} model(s) in ${groups} comparable group(s).`,
  predicted: (node, label, probability, modelId) =>
    `The model predicts “${label}” for ${node} (probability ${probability}; model id ${modelId}).`,
  predictionLabel:
    "This is a model prediction (an inference), not an observed fact; its reliability is the model's test metric.",
  linksPredicted: (count, modelId) =>
    `The ${count} most likely missing links (model id ${modelId}):`,
  columnPair: "Pair",
  columnProbability: "Probability",
  trainedForLinks: (modelId) =>
    `No link-prediction model existed for this graph, so one was trained first (model id ${modelId}).`,
  whichNode: "For which node? Name it, e.g. “predict club for n5”.",
};

const zh: MlPhrases = {
  titleTraining: "模型训练",
  titlePrediction: "模型预测",
  titleModels: "已训练的模型",
  askLabelProperty: "分类器要预测哪个节点属性？请说明，例如“训练一个节点分类器来预测 club”。",
  trainingSubmitted: (jobId) => `训练已作为后台任务 ${jobId} 提交，尚未完成。`,
  noAccuracyYet: "任务完成前不报告准确率：目前只知道进度。",
  trained: (model, modelId, metric, value) =>
    `已训练 ${model} 模型（模型 ID ${modelId}）：测试集 ${metric} ${value}。`,
  protocol: ({ split, sizes, metric, seed, epochs }) =>
    `评估协议：${split} 划分（训练/验证/测试 ${sizes}），指标 ${metric}，随机种子 ${seed}，${epochs}。`,
  featuresUsed: ({ properties, structural, nodeIdentity, width, basis }) => {
    const what = [
      ...(properties > 0 ? [`${properties} 个节点属性`] : []),
      ...(structural.length > 0 ? [`结构特征 ${structural.join("、")}`] : []),
      ...(nodeIdentity ? ["节点身份 one-hot"] : []),
    ].join(" + ");
    const why = {
      requested: "按请求指定",
      node_properties: "默认：所有可用的节点属性",
      no_feature_properties: "节点除标签外没有属性时的默认：网络通过邻居学习每个节点的身份",
      structural_baseline: "逻辑回归的默认：结构基线",
    }[basis];
    return `特征：${what}（${width} 个输入列；${why}）。`;
  },
  classCoverage: (missing) =>
    missing.length === 0
      ? "每个类别在训练、验证和测试部分都有节点。"
      : `部分划分缺少某些类别（${missing.map((m) => `${m.part} 中的 ${m.name}`).join("，")}）：那里的指标无法说明这些类别。`,
  epochsRun: (run, max) =>
    max === undefined ? `运行了 ${run} 轮` : `运行了 ${run} 轮（最多 ${max} 轮）`,
  keptEpoch: (epoch, criterion) => {
    const by = {
      val_loss: "（验证损失最低）",
      val_accuracy: "（验证准确率最高）",
      val_auc: "（验证 AUC 最高）",
      last_epoch: "（最后一轮）",
    };
    return `保留第 ${epoch} 轮的权重${criterion ? by[criterion] : ""}`;
  },
  metricsHeading: "最终指标",
  columnPart: "数据部分",
  columnModel: "模型",
  columnModelId: "模型 ID",
  columnClasses: "类别",
  partNames: { train: "训练", val: "验证", test: "测试" },
  noModels: "本项目还没有训练过模型；请先要求训练一个。",
  noModelFor: (property) =>
    property
      ? `这个图上还没有预测“${property}”的已训练模型；请先要求训练一个预测 ${property} 的节点分类器。`
      : "这个图上还没有已训练的节点分类器；请先要求训练一个。",
  latestModel: (model, modelId, metric, value, dataset) =>
    `最新的模型是 ${model}（模型 ID ${modelId}，数据集 ${dataset}）：测试集 ${metric} ${value}。`,
  groupHeading: (dataset, task, split) => `${dataset} — ${task}，${split}`,
  groupsNote: "只在同一张表内比较指标：每张表是同一数据集版本、同一任务和同一划分。",
  compared: (groups, models) => `共 ${models} 个模型，分为 ${groups} 个可比较的组。`,
  predicted: (node, label, probability, modelId) =>
    `模型预测 ${node} 为“${label}”（概率 ${probability}；模型 ID ${modelId}）。`,
  predictionLabel: "这是模型的预测（推断），不是观测到的事实；其可靠性见模型的测试指标。",
  linksPredicted: (count, modelId) => `最可能缺失的 ${count} 条链接（模型 ID ${modelId}）：`,
  columnPair: "节点对",
  columnProbability: "概率",
  trainedForLinks: (modelId) =>
    `这个图还没有链接预测模型，因此先训练了一个（模型 ID ${modelId}）。`,
  whichNode: "预测哪个节点？请说明，例如“预测 n5 的 club”。",
};

/** The ML phrases of a language. */
export function mlPhrasesFor(language: "en" | "zh"): MlPhrases {
  return language === "zh" ? zh : en;
}

/** The ML phrases of a question's language (Chinese when it has CJK characters, as elsewhere). */
export function mlPhrasesOf(question: string): MlPhrases {
  return mlPhrasesFor(/[\u3400-\u9fff]/.test(question) ? "zh" : "en");
}
