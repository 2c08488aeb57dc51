import { familyTitle, planFamily } from "../families";
import type { BaseContext, PlannedCall, PlanOutcome } from "../planning/plan-types";
import type { QuestionIntent } from "../reading/detect-intent";
import type { LogicalForm } from "../reading/logical-form";
import { detectLanguage } from "../writing/answer-language";
import { datasetInScope, datasetNameOf } from "./dataset-scope";
import type { Readiness } from "./graph-readiness";

/** One step of the offline model's plan: what it is, and the tools it calls (so far known). */
export type OutlineStep = { id: string; title: string; tools: string[] };

/**
 * The plan read from the question's parse: the graph step (when the intent needs a graph), one
 * step per thing asked (each analysis, the picture, the report — or the one task), and the
 * answer. `work` counts the things asked.
 */
export type PlanOutline = { goal: string; steps: OutlineStep[]; work: number };

/** What the offline model made of the question, for its plan and its reasoning. */
export type QuestionParse = {
  /** The question without statements to remember. */
  request: string;
  intent: QuestionIntent;
  /** Step A's verdict; null for an intent that needs no session graph. */
  readiness: Readiness | null;
  /** The answer's title: the name of a task that is not an analysis. */
  title: string;
  /** The question as one typed value (reading/logical-form.ts), shown in the reasoning. */
  logicalForm?: LogicalForm;
};

const words = {
  en: {
    check: "Check the session graph",
    load: (name: string) => `Load ${name}`,
    build: (name: string) => `Build the graph of ${name}, then load it`,
    picture: "Draw the picture",
    report: "Write the report",
    answer: "Write the answer",
    dataset: "the dataset",
  },
  zh: {
    check: "核对会话中的图",
    load: (name: string) => `加载 ${name}`,
    build: (name: string) => `为 ${name} 构图并加载`,
    picture: "绘制图示",
    report: "撰写报告",
    answer: "撰写回答",
    dataset: "数据集",
  },
};

function pendingTools(outcome: PlanOutcome | null): string[] {
  return outcome?.kind === "pending" ? outcome.calls.map((call) => call.toolName) : [];
}

function union(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/** The tools each step id named in the plan this question declared last. */
function declaredTools(declared: Record<string, unknown> | null): Map<string, string[]> {
  const steps = Array.isArray(declared?.steps) ? (declared.steps as unknown[]) : [];
  const byId = new Map<string, string[]>();
  for (const step of steps) {
    const { id, tools } = (step ?? {}) as { id?: unknown; tools?: unknown };
    if (typeof id !== "string" || !Array.isArray(tools)) continue;
    byId.set(
      id,
      tools.filter((tool): tool is string => typeof tool === "string"),
    );
  }
  return byId;
}

function graphStep(input: {
  context: BaseContext;
  readiness: Readiness;
  declared: string[];
  language: "en" | "zh";
}): OutlineStep {
  const { context, readiness } = input;
  const state = context.reading.state;
  const pending = readiness.kind === "plan" ? readiness.outcome : null;
  const verifiedBy = readiness.kind === "ready" ? [readiness.graph.verifiedBy] : [];
  const tools = union(input.declared, verifiedBy, pendingTools(pending));
  const loadCall =
    pending?.kind === "pending"
      ? pending.calls.find((call) => typeof call.input.dataset_id === "string")
      : undefined;
  const datasetId = (loadCall?.input.dataset_id as string | undefined) ?? null;
  const scope = datasetInScope({ state });
  const name = datasetNameOf({ state, datasetId }) ?? scope?.name ?? datasetId ?? scope?.datasetId;
  const phrases = words[input.language];
  const label = name ? `"${name}"` : phrases.dataset;
  const title = tools.includes("construct_graph")
    ? phrases.build(label)
    : tools.includes("load_constructed_graph")
      ? phrases.load(label)
      : phrases.check;
  return { id: "graph", title, tools };
}

/** The offline model's plan for the question, as far as it knows it at this turn. */
export function outlinePlan(input: {
  context: BaseContext;
  parse: QuestionParse;
  /** The calls of this turn (they belong to the graph step while Step A is not through). */
  calls: PlannedCall[];
}): PlanOutline {
  const { context, parse } = input;
  const language = detectLanguage(context.reading.question);
  const phrases = words[language];
  const declared = declaredTools(context.reading.declaredPlan);
  const before = (id: string) => declared.get(id) ?? [];
  const { readiness, intent } = parse;
  const graphReady = readiness === null || readiness.kind === "ready";
  const steps: OutlineStep[] = [];
  if (readiness) {
    steps.push(graphStep({ context, readiness, declared: before("graph"), language }));
  }
  const work: OutlineStep[] = [];
  if (intent.kind === "analysis") {
    const planContext =
      readiness?.kind === "ready" ? { ...context, graph: readiness.graph } : undefined;
    intent.analyses.forEach((analysis, index) => {
      const id = `analysis-${index + 1}`;
      const now = planContext ? pendingTools(planFamily(planContext, analysis)) : [];
      work.push({ id, title: familyTitle(analysis, language), tools: union(before(id), now) });
    });
    if (intent.visualize) {
      work.push({ id: "picture", title: phrases.picture, tools: ["visualize_subgraph"] });
    }
    if (intent.report) {
      work.push({ id: "report", title: phrases.report, tools: ["create_analysis_report"] });
    }
  } else {
    const now = graphReady ? input.calls.map((call) => call.toolName) : [];
    work.push({ id: "task", title: parse.title, tools: union(before("task"), now) });
  }
  steps.push(...work, { id: "answer", title: phrases.answer, tools: [] });
  const goal = parse.request.replace(/\s+/g, " ").trim().slice(0, 200);
  return { goal, steps, work: work.length };
}
