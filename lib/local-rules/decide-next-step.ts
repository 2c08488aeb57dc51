import { analysisTitle } from "./analysis-titles";
import { type AnswerPart, emptyPart, type OutputFormat, renderAnswer } from "./answer-document";
import { detectLanguage } from "./answer-language";
import { cannotPlanPart, machineLearningPart } from "./capability-part";
import { asksToBuild, detectIntent } from "./detect-intent";
import { planGraphReadiness } from "./graph-readiness";
import {
  followedMemoryNote,
  rememberPart,
  reportLeadPreference,
  requestPart,
} from "./memory-statements";
import { type Phrases, phrasesFor } from "./phrases";
import { planAnalysis } from "./plan-analysis";
import { planClear } from "./plan-clear";
import { mlTitle, needsNoGraph, planMlOnGraph, planModelRecords } from "./plan-ml";
import { planOptimization } from "./plan-optimization";
import { planSaveSkill } from "./plan-save-skill";
import type { BaseContext, PlannedCall } from "./plan-types";
import { correctTypos } from "./question-typos";
import type { PromptReading } from "./read-prompt";
import { reportTitle } from "./report-title";
import { writeGraphInfo } from "./write-graph-info";

/**
 * Model turns one question may take. The longest plans (build, load, three bridging batches,
 * view, report, answer; or load, preview, commit, verify, answer) need 8; past the limit the
 * model answers with what it has instead of looping.
 */
export const localRulesMaxTurns = 12;

/** What the model says in one turn: text, tool calls, or both. */
export type ModelDecision = { text?: string; calls: PlannedCall[] };

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

function planQuestion(context: BaseContext): { title: string; step: Step } {
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
    };
  }
  const intent = detectIntent({ question: request });
  switch (intent.kind) {
    case "unknown":
      return {
        title: phrases.titleCapabilities,
        step: { kind: "answer", parts: [cannotPlanPart({ phrases })] },
      };
    case "machine-learning": {
      const { ml } = intent;
      if (!ml || !reading.toolNames.has("train")) {
        return {
          title: phrases.titleCapabilities,
          step: {
            kind: "answer",
            parts: [machineLearningPart({ phrases, toolNames: reading.toolNames })],
          },
        };
      }
      if (needsNoGraph(ml)) {
        return { title: mlTitle({ context, ml }), step: stepOf(planModelRecords({ context, ml })) };
      }
      break;
    }
    case "clear":
      return { title: phrases.titleClear, step: stepOf(planClear({ context })) };
    case "save-skill":
      return { title: phrases.titleSaveSkill, step: stepOf(planSaveSkill({ context })) };
  }
  const inspect = intent.kind === "graph-info" && !intent.prepare;
  const readiness = planGraphReadiness({
    reading,
    phrases,
    mode: inspect ? "inspect" : "analysis",
  });
  if (readiness.kind === "plan") {
    return { title: phrases.titleGraphInfo, step: stepOf(readiness.outcome) };
  }
  const planContext = { ...context, graph: readiness.graph };
  switch (intent.kind) {
    case "graph-info":
      return {
        title: phrases.titleGraphInfo,
        step: {
          kind: "answer",
          parts: [
            writeGraphInfo({ context: planContext, buildAsked: asksToBuild(reading.question) }),
          ],
        },
      };
    case "machine-learning":
      // A null `ml` answered with the capability part before Step A.
      return intent.ml
        ? {
            title: mlTitle({ context, ml: intent.ml }),
            step: stepOf(planMlOnGraph({ context: planContext, ml: intent.ml })),
          }
        : {
            title: phrases.titleCapabilities,
            step: { kind: "answer", parts: [cannotPlanPart({ phrases })] },
          };
    case "optimize":
      return {
        title: phrases.titleOptimization,
        step: stepOf(planOptimization({ context: planContext, ...intent })),
      };
    case "analysis": {
      // A report is titled by what was asked; a chat answer by what was analysed.
      const title =
        (intent.report ? reportTitle(request) : null) ??
        (intent.analyses[0]
          ? analysisTitle(intent.analyses[0], detectLanguage(reading.question))
          : phrases.titleOverview);
      return { title, step: planAnalysis({ context: planContext, ...intent, title }) };
    }
  }
}

/**
 * The local-rules model's whole decision for one turn: read the question and state, verify the
 * graph (Step A), plan the intent's tool calls (Step B), or write the answer from the results
 * (Step C). Pure: the same prompt always gives the same decision.
 */
export function decideNextStep(input: { reading: PromptReading }): ModelDecision {
  // Slips in grammar words ("hwo many", "recieves") are fixed once for every planner; names
  // are never among the words fixed.
  const reading = { ...input.reading, question: correctTypos(input.reading.question) };
  const phrases = phrasesFor(detectLanguage(reading.question));
  const format = reading.state?.output_format ?? "chat";
  let title = phrases.titleOverview;
  let step: Step;
  if (reading.turn > localRulesMaxTurns) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(phrases.turnLimitReached(localRulesMaxTurns));
    step = { kind: "answer", parts: [part] };
  } else {
    ({ title, step } = planQuestion({ reading, phrases }));
  }
  if (step.kind === "calls") {
    const missing = step.calls.filter((call) => !reading.toolNames.has(call.toolName));
    if (missing.length === 0) {
      // Said mid-run (e.g. a preview before its commit): no report heading, and a blank line so
      // the final answer that follows in the same run starts a new paragraph.
      const text = step.explanation
        ? `${render({ phrases, format: format === "report" ? "chat" : format, title, parts: [step.explanation] })}\n`
        : undefined;
      return { text, calls: step.calls };
    }
    // Never emit a call the runtime did not offer: say which tool is missing instead.
    const part = emptyPart({ succeeded: false });
    part.summary.push(phrases.toolsUnavailable([...new Set(missing.map((call) => call.toolName))]));
    step = { kind: "answer", parts: [part] };
  }
  // A saved report-order preference shapes the answer, and the answer names it (MEM-1).
  const lead = reportLeadPreference({ memory: reading.memory });
  const parts = step.parts;
  if (lead && parts.some((part) => part.succeeded && part.sections.length > 0)) {
    parts[0]?.notes.push(
      followedMemoryNote({ language: detectLanguage(reading.question), record: lead.record }),
    );
    return { text: render({ phrases, format, title, parts, leadWith: lead.lead }), calls: [] };
  }
  return { text: render({ phrases, format, title, parts }), calls: [] };
}
