import type { PlannedCall } from "../planning/plan-types";
import { describeLogicalForm } from "../reading/logical-form";
import type { PromptReading } from "../reading/read-prompt";
import { detectLanguage } from "../writing/answer-language";
import { datasetInScope, datasetNameOf } from "./dataset-scope";
import type { QuestionParse } from "./plan-outline";

type Language = "en" | "zh";

const say = (language: Language, text: { en: string; zh: string }) => text[language];

function callText(call: PlannedCall): string {
  const args = Object.entries(call.input)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
    .slice(0, 3)
    .map(([key, value]) => `${key}=${String(value).slice(0, 40)}`);
  return `${call.toolName}(${args.join(", ")})`;
}

function hintText(reading: PromptReading, language: Language): string {
  const hint = reading.state?.graph_loaded_hint;
  if (hint === true)
    return say(language, { en: "the session says one is", zh: "会话状态显示已加载" });
  if (hint === false)
    return say(language, { en: "the session says none is", zh: "会话状态显示未加载" });
  return say(language, { en: "the session does not say", zh: "会话状态未说明" });
}

// Step A's verdict as a check: is a graph loaded, which dataset and revision, what comes next.
function graphLine(reading: PromptReading, parse: QuestionParse, language: Language): string {
  const readiness = parse.readiness;
  if (!readiness) return "";
  if (readiness.kind === "ready") {
    const { description, verifiedBy } = readiness.graph;
    const name = readiness.graph.datasetName ?? description.dataset_id ?? "?";
    const facts = `"${name}", revision ${description.revision ?? "?"}, ${description.nodes ?? "?"} nodes, ${description.edges ?? "?"} edges`;
    return say(language, {
      en: `Graph loaded? yes — ${verifiedBy} verified it in this run: ${facts}.`,
      zh: `图已加载？是 —— 本次运行由 ${verifiedBy} 核实：${facts}。`,
    });
  }
  const outcome = readiness.outcome;
  if (outcome.kind === "done") {
    return say(language, {
      en: "Graph: cannot go on with it — the answer says why.",
      zh: "图：无法继续 —— 回答中说明原因。",
    });
  }
  const next = outcome.calls[0];
  const checked = reading.steps.some((step) => step.toolName === "get_graph_info");
  const scope = datasetInScope({ state: reading.state });
  const datasetId = typeof next?.input.dataset_id === "string" ? next.input.dataset_id : null;
  const name = datasetNameOf({ state: reading.state, datasetId }) ?? scope?.name ?? datasetId;
  const revision =
    typeof next?.input.revision === "number" ? `, revision ${next.input.revision}` : "";
  const why = checked
    ? say(language, {
        en: "not the one in scope (get_graph_info)",
        zh: "不是范围内的图（get_graph_info）",
      })
    : say(language, { en: "not in this session yet", zh: "尚未加载到本会话" });
  switch (next?.toolName) {
    case "load_constructed_graph":
      return say(language, {
        en: `Graph loaded? ${why} → "${name}" has a ready construction${revision} → load it.`,
        zh: `图已加载？${why} → "${name}" 已有可用构图${revision} → 加载它。`,
      });
    case "construct_graph":
      return say(language, {
        en: `Graph: "${name}" has no usable construction yet → build it, then load it.`,
        zh: `图："${name}" 还没有可用构图 → 先构图，再加载。`,
      });
    default:
      return say(language, {
        en: `Graph loaded? not verified in this run yet (${hintText(reading, language)}) → check with get_graph_info.`,
        zh: `图已加载？本次运行尚未核实（${hintText(reading, language)}）→ 用 get_graph_info 核对。`,
      });
  }
}

// A prediction needs weights: from a training of this run, or a model the runtime checks.
function modelLines(reading: PromptReading, calls: PlannedCall[], language: Language): string[] {
  return calls.flatMap((call) => {
    const modelId = call.input.model_id;
    if (typeof modelId !== "string") return [];
    const trained = reading.steps.some(
      (step) =>
        step.toolName === "train" &&
        step.outcome.kind === "success" &&
        (step.outcome.envelope.data as { model_id?: unknown } | null)?.model_id === modelId,
    );
    return trained
      ? [
          say(language, {
            en: `Weights of ${modelId}? trained in this run.`,
            zh: `${modelId} 的权重？本次运行训练所得。`,
          }),
        ]
      : [
          say(language, {
            en: `Weights of ${modelId}? not from this run — checked before the call.`,
            zh: `${modelId} 的权重？非本次训练 —— 调用前核对。`,
          }),
        ];
  });
}

/**
 * What the offline model checked and decided this turn, for staged reasoning: how it read the
 * question (first turn), whether the graph is loaded and which one, a model's weights, and
 * what it does next. Every line comes from its parse and this run's results.
 */
export function reasoningNotes(input: {
  reading: PromptReading;
  parse: QuestionParse | null;
  outlineTitles: string[];
  calls: PlannedCall[];
}): string {
  const { reading, parse, calls } = input;
  const language = detectLanguage(reading.question);
  const lines: string[] = [];
  if (reading.turn === 1 && input.outlineTitles.length > 0) {
    const read = input.outlineTitles.join("; ");
    lines.push(say(language, { en: `Question read as: ${read}.`, zh: `问题理解为：${read}。` }));
  }
  if (reading.turn === 1 && parse?.logicalForm) {
    const form = describeLogicalForm(parse.logicalForm);
    lines.push(say(language, { en: `Logical form: ${form}.`, zh: `逻辑形式：${form}。` }));
  }
  if (parse) lines.push(graphLine(reading, parse, language));
  lines.push(...modelLines(reading, calls, language));
  const failed = reading.steps.filter((step) => step.outcome.kind === "failure").length;
  if (failed > 0) {
    lines.push(
      say(language, {
        en: `${failed} call(s) failed — the answer says which.`,
        zh: `${failed} 个调用失败 —— 回答中说明。`,
      }),
    );
  }
  const next =
    calls.length > 0
      ? calls.map(callText).join(", ")
      : say(language, {
          en: `write the answer from ${reading.steps.length} tool result(s)`,
          zh: `根据 ${reading.steps.length} 个工具结果撰写回答`,
        });
  lines.push(say(language, { en: `Next: ${next}.`, zh: `下一步：${next}。` }));
  return `${lines.filter(Boolean).join("\n")}\n`;
}
