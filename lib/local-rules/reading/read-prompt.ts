import type { LanguageModelV3CallOptions, LanguageModelV3ToolResultPart } from "@ai-sdk/provider";
import {
  type LocalRulesSessionState,
  parseSessionStateBlock,
} from "@/lib/contracts/session-state-block";
import { updatePlanToolName } from "@/lib/contracts/update-plan-call";
import { type MemoryBlockRecord, parseMemoryBlock } from "@/lib/memory/context/memory-block";
import { type EarlierTurn, readEarlierTurns } from "../conversation/earlier-turns";
import { readToolOutcome, type ToolOutcome } from "../steps/tool-outcome";

/** One tool call asked for in this run, with how it ended. */
export type RunToolStep = {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  /** The 1-based model turn of this question that asked for the call. */
  turn: number;
  outcome: ToolOutcome;
};

/** Everything the local-rules model decides from. */
export type PromptReading = {
  /** The text of the last user message. */
  question: string;
  /** The conversation before it: earlier questions and the answers they got, oldest first. */
  earlierTurns: EarlierTurn[];
  /**
   * The nodes an earlier answer listed that this question ranks among ("which of them …"), set
   * when the conversation resolves such a reference; rankings keep only these ids.
   */
  nodeSet?: string[];
  /** Nodes the question leaves out ("apart from Atlas"): rankings and aggregates skip them. */
  excluded?: string[];
  /**
   * A fingerprint of the conversation up to this question (system text excluded), so tool-call
   * ids differ between runs even when a trimmed history window repeats the same turn numbers.
   */
  runKey: string;
  state: LocalRulesSessionState | null;
  /** The learning stores' records the runtime put into the system prompt (MEM-1). */
  memory: MemoryBlockRecord[];
  /** Tool calls after the last user message, in the order they were asked for. */
  steps: RunToolStep[];
  /**
   * The arguments of this question's latest update_plan call: the plan the model declared last
   * (the runtime's plan tool, never a step of the analysis), or null.
   */
  declaredPlan: Record<string, unknown> | null;
  /** The 1-based number of the turn being produced now. */
  turn: number;
  /** Names of the tools offered for this call. */
  toolNames: ReadonlySet<string>;
};

// FNV-1a: a small, stable, dependency-free hash; collisions only cost id uniqueness across
// runs, never correctness within one.
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

function inputObject(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** This question's tool calls with their outcomes, and how many model turns it has had. */
function collectSteps(messages: LanguageModelV3CallOptions["prompt"]) {
  const steps: RunToolStep[] = [];
  let declaredPlan: Record<string, unknown> | null = null;
  const results = new Map<string, LanguageModelV3ToolResultPart>();
  let turns = 0;
  for (const message of messages) {
    if (message.role === "assistant") {
      turns++;
      for (const part of message.content) {
        if (part.type === "tool-call" && part.toolName === updatePlanToolName) {
          declaredPlan = inputObject(part.input);
        } else if (part.type === "tool-call") {
          steps.push({
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: inputObject(part.input),
            turn: turns,
            outcome: { kind: "missing" },
          });
        } else if (part.type === "tool-result") {
          results.set(part.toolCallId, part);
        }
      }
    } else if (message.role === "tool") {
      for (const part of message.content) {
        if (part.type === "tool-result") results.set(part.toolCallId, part);
      }
    }
  }
  for (const step of steps) {
    const result = results.get(step.toolCallId);
    if (result) step.outcome = readToolOutcome({ output: result.output });
  }
  return { steps, turns, declaredPlan };
}

/**
 * Reads the question, the session state and this question's tool calls from the prompt. "This
 * question" is everything after the last user message: the runtime continues a run (approval
 * included) by appending assistant and tool messages only, never a user message.
 */
export function readPrompt(input: {
  prompt: LanguageModelV3CallOptions["prompt"];
  tools?: LanguageModelV3CallOptions["tools"];
}): PromptReading {
  const { prompt } = input;
  // Only system messages are trusted for the state block: a user could paste a fake one.
  const systemText = prompt
    .flatMap((message) => (message.role === "system" ? [message.content] : []))
    .join("\n");
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === "user") lastUser = index;
  });
  const userMessage = lastUser >= 0 ? prompt[lastUser] : undefined;
  const question =
    userMessage?.role === "user"
      ? userMessage.content
          .map((part) => (part.type === "text" ? part.text : ""))
          .join("\n")
          .trim()
      : "";

  const { steps, turns, declaredPlan } = collectSteps(prompt.slice(lastUser + 1));
  return {
    question,
    earlierTurns: readEarlierTurns(
      prompt.slice(0, Math.max(lastUser, 0)).filter((message) => message.role !== "system"),
    ),
    runKey: fingerprint(
      JSON.stringify(prompt.slice(0, lastUser + 1).filter((message) => message.role !== "system")),
    ),
    state: parseSessionStateBlock({ systemText }),
    memory: parseMemoryBlock({ systemText }),
    steps,
    declaredPlan,
    turn: turns + 1,
    toolNames: new Set((input.tools ?? []).map((tool) => tool.name)),
  };
}
