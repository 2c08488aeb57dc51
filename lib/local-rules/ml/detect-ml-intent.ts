/** A graph-ML request the offline rules can plan (AF-4: train / infer as async jobs). */
export type MlIntent =
  | { kind: "train-classifier"; labelProperty: string | null; model: MlModelName }
  /** model: the encoder the question names, null when it names none. */
  | { kind: "missing-links"; model: LinkModelName | null }
  | { kind: "predict"; property: string | null; node: string | null }
  | { kind: "evaluate" }
  | { kind: "compare" };

/** The link-prediction encoders train accepts. */
export type LinkModelName = "gcn" | "graphsage" | "gae" | "vgae";

/** The models train accepts. */
export type MlModelName = "gcn" | "graphsage" | "mlp" | "logreg" | "gat" | "appnp" | "gcnii";

const token = String.raw`["'“”‘’\x60]?([\p{L}\p{N}_.-]+)["'“”‘’\x60]?`;

const patterns = {
  missingLinks:
    /\b(?:predict|find|suggest|recommend)\b[^.?!]{0,30}\b(?:missing|new|future|likely|potential)\s+(?:links?|edges?|connections?)\b|\b(?:links?|edges?|connections?)\s+(?:are\s+|is\s+)?(?:most\s+|more\s+)?(?:likely\s+|probably\s+)?missing\b|\blink prediction\b|预测[^。？！]{0,8}(?:链接|连边|边|连接|关系)|缺失的?(?:链接|连边|边)|链路预测|潜在的?(?:链接|连接|关系)/iu,
  compare:
    /\bcompare\b[^.?!]{0,30}\bmodels?\b|\bwhich model (?:is|was|works) (?:better|best)\b|\bmodels? comparison\b|(?:比较|对比)[^。？！]{0,10}模型|模型[^。？！]{0,6}(?:比较|对比)|哪个模型(?:更好|最好)/iu,
  evaluate:
    /\bhow (?:good|accurate|well)\b[^.?!]{0,30}\bmodel\b|\bmodel(?:'s)?\s+(?:accuracy|performance|metrics|quality)\b|\bevaluate\b[^.?!]{0,20}\bmodel\b|模型[^。？！]{0,6}(?:效果|准确率|准确度|表现|性能|指标|怎么样|好不好|如何)/iu,
  train: /\btrain(?:ing)?\b|\bfit\b[^.?!]{0,20}\bmodel|训练/iu,
  predict: /\bpredict(?:s|ion)?\b|\bclassify\b|预测|推断/iu,
};

function detectLinkModel(question: string): LinkModelName | null {
  if (/graph\s*sage/i.test(question)) return "graphsage";
  if (/\bvgae\b|variational\s+(?:graph\s+)?auto-?\s?encoder|变分(?:图)?自编码/i.test(question))
    return "vgae";
  if (/\bgae\b|(?:graph\s+)?auto-?\s?encoder|图自编码|自编码器/i.test(question)) return "gae";
  if (/\bgcn\b/i.test(question)) return "gcn";
  return null;
}

function detectModel(question: string): MlModelName {
  if (/graph\s*sage/i.test(question)) return "graphsage";
  if (/\bgcn\s*(?:ii|2)\b|\bgcnii\b/i.test(question)) return "gcnii";
  if (/\bgat\b|graph attention|图注意力/i.test(question)) return "gat";
  if (/\bappnp\b|personali[sz]ed\s+page\s*rank\s+propagation/i.test(question)) return "appnp";
  if (/\bmlp\b|multi-?layer perceptron|多层感知/i.test(question)) return "mlp";
  if (/\blogreg\b|logistic regression|逻辑回归/i.test(question)) return "logreg";
  return "gcn";
}

const ignoredWords = new Set(["the", "a", "an", "its", "their", "node", "nodes", "which", "what"]);

function clean(word: string | undefined): string | null {
  if (!word) return null;
  return ignoredWords.has(word.toLowerCase()) ? null : word;
}

/** The property to predict: "to predict club", "predict the club of", "预测 club", "label club". */
export function extractLabelProperty(question: string): string | null {
  const forms = [
    new RegExp(
      String.raw`\bpredict(?:s|ing)?\s+(?:the\s+|its\s+|their\s+)?(?:node\s+)?${token}`,
      "iu",
    ),
    new RegExp(String.raw`\b(?:label|target)(?:\s+property)?\s+(?:is\s+|=\s*)?${token}`, "iu"),
    new RegExp(String.raw`(?:预测|推断)(?:节点的?|每个节点的?)?\s*${token}`, "u"),
    new RegExp(String.raw`的\s*${token}\s*(?:属性|标签|类别)?`, "u"),
  ];
  for (const form of forms) {
    const found = clean(question.match(form)?.[1]);
    if (found && !/^(?:for|of|on|to|missing|links?)$/i.test(found)) return found;
  }
  return null;
}

/** The node of "predict club for n5" / "预测 n5 的 club" / "预测节点 n5 的 club". */
export function extractPredictionNode(question: string): string | null {
  const english = question.match(
    new RegExp(String.raw`\b(?:for|of)\s+(?:the\s+)?(?:node\s+)?${token}\s*[?.!]?\s*$`, "iu"),
  );
  if (english) return clean(english[1]);
  const chinese = question.match(
    new RegExp(String.raw`预测(?:一下)?\s*(?:节点)?\s*${token}\s*的`, "u"),
  );
  return clean(chinese?.[1]);
}

/** The ML request a question makes, or null when it names none the rules can plan. */
export function detectMlIntent(input: { question: string }): MlIntent | null {
  const { question } = input;
  if (patterns.compare.test(question)) return { kind: "compare" };
  if (patterns.evaluate.test(question)) return { kind: "evaluate" };
  if (patterns.missingLinks.test(question)) {
    return { kind: "missing-links", model: detectLinkModel(question) };
  }
  if (patterns.train.test(question)) {
    return {
      kind: "train-classifier",
      labelProperty: extractLabelProperty(question),
      model: detectModel(question),
    };
  }
  if (patterns.predict.test(question)) {
    // "预测 n5 的 club": the node comes before 的, the property after it.
    const node = extractPredictionNode(question);
    const zhProperty = question.match(new RegExp(String.raw`的\s*${token}`, "u"))?.[1];
    const enProperty = question.match(
      new RegExp(String.raw`\bpredict\s+(?:the\s+)?${token}\s+(?:for|of)\b`, "iu"),
    )?.[1];
    return { kind: "predict", property: clean(enProperty ?? zhProperty), node };
  }
  return null;
}
