import { askBackPart, chooseReadingPart } from "./conversation/ask-back-part";
import { mergeCompoundParts, splitCompound } from "./conversation/compound-question";
import { resolveTurn, substituteNode } from "./conversation/resolve-turn";
import { familyTitle as analysisTitle } from "./families";
import { mlTitle, needsNoGraph, planMlOnGraph, planModelRecords } from "./ml/plan-ml";
import { planClear } from "./planning/plan-clear";
import { planOptimization } from "./planning/plan-optimization";
import { planSaveSkill } from "./planning/plan-save-skill";
import type { BaseContext, PlannedCall } from "./planning/plan-types";
import { asksToBuild, detectIntent, type QuestionIntent } from "./reading/detect-intent";
import { withoutExclusion } from "./reading/exclusion";
import { withImpliedMeasures } from "./reading/implied-measures";
import { readLogicalForm } from "./reading/logical-form";
import { type Phrases, phrasesFor } from "./reading/phrases";
import { correctTypos } from "./reading/question-typos";
import { readByMeaning } from "./reading/read-by-meaning";
import type { PromptReading } from "./reading/read-prompt";
import { planGraphReadiness, type Readiness } from "./steps/graph-readiness";
import {
  followedMemoryNote,
  rememberPart,
  reportLeadPreference,
  requestPart,
} from "./steps/memory-statements";
import { planAnalysis } from "./steps/plan-analysis";
import { announcePlan } from "./steps/plan-announcement";
import type { QuestionParse } from "./steps/plan-outline";
import {
  type AnswerPart,
  emptyPart,
  type OutputFormat,
  renderAnswer,
} from "./writing/answer-document";
import { detectLanguage } from "./writing/answer-language";
import { cannotPlanPart, machineLearningPart } from "./writing/capability-part";
import { reportTitle } from "./writing/report-title";
import { writeGraphInfo } from "./writing/write-graph-info";

/**
 * Model turns one question may take. The longest plans (build, load, three bridging batches,
 * view, report, answer; or load, preview, commit, verify, answer) need 8; past the limit the
 * model answers with what it has instead of looping.
 */
export const localRulesMaxTurns = 12;

/**
 * What the model says in one turn: text, tool calls, or both — and, when staged reasoning is
 * on, what it checked before deciding.
 */
export type ModelDecision = { text?: string; reasoning?: string; calls: PlannedCall[] };

function render(input: {
  phrases: Phrases;
  format: OutputFormat;
  title: string;
  parts: AnswerPart[];
  leadWith?: "method" | "conclusion";
}): string {
  return renderAnswer({
    document: { title: input.title, parts: input.parts, labels: input.phrases.labels },
    format: input.format,
    leadWith: input.leadWith,
  });
}

type Step =
  | { kind: "calls"; calls: PlannedCall[]; explanation?: AnswerPart }
  | { kind: "answer"; parts: AnswerPart[] };

function stepOf(outcome: ReturnType<typeof planClear>): Step {
  return outcome.kind === "pending"
    ? { kind: "calls", calls: outcome.calls, explanation: outcome.explanation }
    : { kind: "answer", parts: [outcome.part] };
}

type PlannedQuestion = { title: string; step: Step; parse: QuestionParse | null };

function planQuestion(context: BaseContext): PlannedQuestion {
  const { reading, phrases } = context;
  // Statements to remember are not requests: only the rest of the message is planned (MEM-3).
  const request = requestPart({ question: reading.question });
  if (request.trim() === "") {
    return {
      title: phrases.titleOverview,
      step: {
        kind: "answer",
        parts: [rememberPart({ language: detectLanguage(reading.question) })],
      },
      parse: null,
    };
  }
  const intent = detectIntent({ question: request });
  // The plan and the reasoning read the same parse the steps come from.
  const parsed = (
    planned: { title: string; step: Step },
    readiness: Readiness | null = null,
  ): PlannedQuestion => ({
    ...planned,
    parse: { request, intent, readiness, title: planned.title },
  });
  return planIntent(context, intent, request, parsed);
}

function planIntent(
  context: BaseContext,
  intent: QuestionIntent,
  request: string,
  parsed: (planned: { title: string; step: Step }, readiness?: Readiness | null) => PlannedQuestion,
): PlannedQuestion {
  const { reading, phrases } = context;
  switch (intent.kind) {
    case "unknown":
      return parsed({
        title: phrases.titleCapabilities,
        step: { kind: "answer", parts: [cannotPlanPart({ phrases })] },
      });
    case "machine-learning": {
      const { ml } = intent;
      if (!ml || !reading.toolNames.has("train")) {
        return parsed({
          title: phrases.titleCapabilities,
          step: {
            kind: "answer",
            parts: [machineLearningPart({ phrases, toolNames: reading.toolNames })],
          },
        });
      }
      if (needsNoGraph(ml)) {
        return parsed({
          title: mlTitle({ context, ml }),
          step: stepOf(planModelRecords({ context, ml })),
        });
      }
      break;
    }
    case "clear":
      return parsed({ title: phrases.titleClear, step: stepOf(planClear({ context })) });
    case "save-skill":
      return parsed({ title: phrases.titleSaveSkill, step: stepOf(planSaveSkill({ context })) });
  }
  const inspect = intent.kind === "graph-info" && !intent.prepare;
  const readiness = planGraphReadiness({
    reading,
    phrases,
    mode: inspect ? "inspect" : "analysis",
  });
  if (readiness.kind === "plan") {
    return parsed({ title: phrases.titleGraphInfo, step: stepOf(readiness.outcome) }, readiness);
  }
  const planContext = { ...context, graph: readiness.graph };
  switch (intent.kind) {
    case "graph-info":
      return parsed(
        {
          title: phrases.titleGraphInfo,
          step: {
            kind: "answer",
            parts: [
              writeGraphInfo({ context: planContext, buildAsked: asksToBuild(reading.question) }),
            ],
          },
        },
        readiness,
      );
    case "machine-learning":
      // A null `ml` answered with the capability part before Step A.
      return parsed(
        intent.ml
          ? {
              title: mlTitle({ context, ml: intent.ml }),
              step: stepOf(planMlOnGraph({ context: planContext, ml: intent.ml })),
            }
          : {
              title: phrases.titleCapabilities,
              step: { kind: "answer", parts: [cannotPlanPart({ phrases })] },
            },
        readiness,
      );
    case "optimize":
      return parsed(
        {
          title: phrases.titleOptimization,
          step: stepOf(planOptimization({ context: planContext, ...intent })),
        },
        readiness,
      );
    case "analysis": {
      // A report is titled by what was asked; a chat answer by what was analysed.
      const title =
        (intent.report ? reportTitle(request) : null) ??
        (intent.analyses[0]
          ? analysisTitle(intent.analyses[0], detectLanguage(reading.question))
          : phrases.titleOverview);
      return parsed(
        { title, step: planAnalysis({ context: planContext, ...intent, title }) },
        readiness,
      );
    }
  }
}

/**
 * "Which station is the most central, and which line is it on?": the first ask is planned and
 * answered, then the second is read with "it" standing for the first answer's node, and both
 * answers share the lead. Any other question is planned as it is.
 */
function planCompoundOrSingle(context: BaseContext): PlannedQuestion {
  const compound = splitCompound(context.reading.question);
  if (!compound) return planQuestion(context);
  const first = planQuestion({
    ...context,
    reading: { ...context.reading, question: compound.first },
  });
  if (first.step.kind !== "answer") return first;
  const answered = first.step.parts.find(
    (part) => part.succeeded && (part.focusNodeIds?.length ?? 0) > 0,
  );
  const node = answered?.focusNodeIds?.[0];
  // No node to point at: the question is read whole, as it was before the split.
  if (!node) return planQuestion(context);
  const second = planQuestion({
    ...context,
    reading: { ...context.reading, question: substituteNode(compound.second, node) },
  });
  if (second.step.kind !== "answer") return { ...second, title: first.title };
  return {
    title: first.title,
    parse: first.parse,
    step: {
      kind: "answer",
      parts: mergeCompoundParts({
        first: first.step.parts,
        second: second.step.parts,
        chinese: detectLanguage(context.reading.question) === "zh",
      }),
    },
  };
}

/**
 * The local-rules model's whole decision for one turn: read the question and state, verify the
 * graph (Step A), plan the intent's tool calls (Step B), or write the answer from the results
 * (Step C). Pure: the same prompt always gives the same decision.
 */
export function decideNextStep(input: { reading: PromptReading }): ModelDecision {
  // Slips in grammar words ("hwo many", "recieves") are fixed once for every planner; names
  // are never among the words fixed.
  // A follow-up ("and by closeness?", "which of them …", "它呢？") is read as the whole question
  // it stands for, resolved against the conversation the runtime replayed from the database.
  const resolution = resolveTurn({
    question: correctTypos(input.reading.question),
    earlier: input.reading.earlierTurns.map((turn) => ({
      ...turn,
      question: correctTypos(turn.question),
    })),
  });
  // "Apart from Atlas, which project …": the clause is set aside, the names travel beside it.
  const exclusion = withoutExclusion(
    resolution.kind === "ask-back" ? resolution.asked : resolution.request,
  );
  const reading = {
    ...input.reading,
    // "the highest peak" is the peak of the highest altitude: the grammar reads measures.
    question: withImpliedMeasures(exclusion.text),
    ...(exclusion.excluded.length > 0 ? { excluded: exclusion.excluded } : {}),
    ...(resolution.kind === "resolved" && resolution.nodeSet
      ? { nodeSet: resolution.nodeSet }
      : {}),
  };
  // A question no family reads is scored against how each reading is usually asked: a clear
  // match is planned as its canonical question, two close ones are asked back.
  const meaning =
    resolution.kind !== "ask-back" &&
    detectIntent({ question: reading.question }).kind === "unknown"
      ? readByMeaning(reading.question)
      : null;
  if (meaning?.kind === "rewrite") reading.question = meaning.question;
  const phrases = phrasesFor(detectLanguage(reading.question));
  const format = reading.state?.output_format ?? "chat";
  let title = phrases.titleOverview;
  let step: Step;
  let parse: QuestionParse | null = null;
  if (resolution.kind === "ask-back") {
    step = {
      kind: "answer",
      parts: [askBackPart({ missing: resolution.missing, question: resolution.asked })],
    };
  } else if (meaning?.kind === "ask") {
    step = { kind: "answer", parts: [chooseReadingPart({ options: meaning.options })] };
  } else if (reading.turn > localRulesMaxTurns) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(phrases.turnLimitReached(localRulesMaxTurns));
    step = { kind: "answer", parts: [part] };
  } else {
    ({ title, step, parse } = planCompoundOrSingle({ reading, phrases }));
    if (parse) {
      parse.logicalForm = readLogicalForm({
        asked: input.reading.question,
        request: parse.request,
        intent: parse.intent,
        reference: resolution.kind === "resolved" ? resolution.reference : null,
      });
    }
  }
  if (step.kind === "calls") {
    const missing = step.calls.filter((call) => !reading.toolNames.has(call.toolName));
    if (missing.length === 0) {
      // Said mid-run (e.g. a preview before its commit): no report heading, and a blank line so
      // the final answer that follows in the same run starts a new paragraph.
      const text = step.explanation
        ? `${render({ phrases, format: format === "report" ? "chat" : format, title, parts: [step.explanation] })}\n`
        : undefined;
      // The plan call goes last, so the analysis calls keep their ids whether or not it is sent.
      const announced = announcePlan({ context: { reading, phrases }, parse, calls: step.calls });
      return {
        text,
        reasoning: announced.reasoning,
        calls: announced.planCall ? [...step.calls, announced.planCall] : step.calls,
      };
    }
    // Never emit a call the runtime did not offer: say which tool is missing instead.
    const part = emptyPart({ succeeded: false });
    part.summary.push(phrases.toolsUnavailable([...new Set(missing.map((call) => call.toolName))]));
    step = { kind: "answer", parts: [part] };
  }
  const { reasoning } = announcePlan({ context: { reading, phrases }, parse, calls: [] });
  // A saved report-order preference shapes the answer, and the answer names it (MEM-1).
  const lead = reportLeadPreference({ memory: reading.memory });
  const parts = step.parts;
  if (lead && parts.some((part) => part.succeeded && part.sections.length > 0)) {
    parts[0]?.notes.push(
      followedMemoryNote({ language: detectLanguage(reading.question), record: lead.record }),
    );
    const text = render({ phrases, format, title, parts, leadWith: lead.lead });
    return { text, reasoning, calls: [] };
  }
  return { text: render({ phrases, format, title, parts }), reasoning, calls: [] };
}
