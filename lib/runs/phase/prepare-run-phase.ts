import "server-only";
import { createRunAgent } from "@/lib/agent/factory/create-run-agent";
import { loadContinuation } from "@/lib/agent/load-continuation";
import {
  type ResolvedLanguageModel,
  resolveLanguageModel,
} from "@/lib/agent/models/providers/resolve-language-model";
import { resolveRunModes } from "@/lib/agent/planning/run-modes";
import { parseRunPlanState } from "@/lib/agent/planning/run-plan-state";
import { readModelFact } from "@/lib/agent/reasoning/read-model-fact";
import type { PreparedRun } from "@/lib/agent/run-agent-loop";
import { executeToolCall } from "@/lib/agent/tools/execute-tool-call";
import { resolveRunMcpIdentity } from "@/lib/agent/tools/resolve-run-mcp-identity";
import { type RunOptions, runOptionsSchema } from "@/lib/contracts/run-options";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { type findRunForOwner, markRunPhaseRunning } from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import type { RunEventLog } from "../events/run-event-log";
import { readRunUserText } from "../start/read-run-user-text";
import { modelCallRecorder } from "../usage/record-model-call";

/** The run row a phase starts from. */
export type PhaseRun = NonNullable<Awaited<ReturnType<typeof findRunForOwner>>>;

/**
 * A phase ready for the agent loop, with what its later stages (batch saves, learning) need:
 * each read or resolved once here and taken from here, never read again within the phase.
 */
export type PreparedRunPhase = PreparedRun & {
  /** The text of the user's message (readRunUserText). */
  userText: string;
  /** The run's options, parsed. */
  options: RunOptions;
  /** The run's model with its credential, resolved once for the phase. */
  model: ResolvedLanguageModel;
};

/**
 * Everything before the agent loop: the phase is marked running for its generation (RC-4) and
 * announced (`run_started`), the agent is built (model, tools, context, instructions) and the
 * starting point read — the user's message, or the saved pause and its decision (AP-4; a
 * rejection is announced as the gated call's result). The run's MCP identity is resolved once
 * here and carried by every call of the phase and its job waiter. `model` is the run's model as
 * its admission already resolved it (first phase only); otherwise it is resolved here.
 */
export async function prepareRunPhase(input: {
  run: PhaseRun;
  ownerId: string;
  log: RunEventLog;
  signal: AbortSignal;
  stopCheck: () => Promise<void>;
  model?: ResolvedLanguageModel;
}): Promise<PreparedRunPhase> {
  const { run, log } = input;
  const generation = run.executionGeneration;
  await input.stopCheck();
  if (!(await markRunPhaseRunning({ runId: run.id, generation }))) {
    throw new Error(`run ${run.id} moved past generation ${generation} before it started`);
  }
  log.append({ type: "run_started" });
  const options = runOptionsSchema.parse(run.options);
  const modelName = run.modelName ?? options.model;
  const [model, userText] = await Promise.all([
    // The admission's model stands only for the model this run names.
    input.model && input.model.entry.name === modelName
      ? input.model
      : resolveLanguageModel({ ownerId: input.ownerId, modelName }),
    readRunUserText(run.id),
  ]);
  const callIdentity = {
    userId: input.ownerId,
    sessionId: run.sessionId,
    runId: run.id,
    agentId: "graph-analyst",
    executionGeneration: generation,
  };
  // Discovery only lists tools (it reads no identity), so the agent is built while the identity
  // its calls will carry is resolved.
  const [agent, identity] = await Promise.all([
    createRunAgent({
      ownerId: input.ownerId,
      run: {
        id: run.id,
        options,
        attachments: run.attachments as string[],
        userText,
      },
      model,
      session: run.session,
      identity: callIdentity,
      signal: input.signal,
    }),
    resolveRunMcpIdentity(callIdentity),
  ]);
  const descriptorByName = new Map(
    agent.descriptors.map((descriptor) => [descriptor.name, descriptor]),
  );
  const execute = (call: PlannedToolCall, callSignal: AbortSignal) =>
    executeToolCall({
      call,
      descriptor: descriptorByName.get(call.toolName),
      identity,
      signal: callSignal,
      // Each row is a run event with the run's next seq; progress_seq stays the job's (EV-4).
      onJobProgress: (progress) =>
        log.append({
          type: "job_progress",
          job_id: progress.jobId,
          progress_seq: progress.progressSeq,
          stage: progress.stage,
          pct: progress.pct,
          message: progress.message,
          tool_call_id: progress.toolCallId,
        }),
    });
  // A continued phase goes on with the plan and reasoning its earlier phases saved.
  const planning = {
    modes: resolveRunModes(options),
    goal: userText,
    restoredPlan: generation > 1 ? parseRunPlanState(run.plan) : null,
    previousReasoning: generation > 1 ? run.reasoning : "",
    state: agent.state,
    readModel: (modelId: string) => readModelFact({ ownerId: input.ownerId, modelId }),
  };
  let start: PreparedRun["start"];
  if (generation > 1) {
    const continuation = await loadContinuation({
      runId: run.id,
      generation,
      checkpoint: run.checkpoint,
    });
    if (continuation.rejection) log.append(continuation.rejection);
    start = { kind: "continuation", continuation };
  } else {
    start = { kind: "message", text: userText };
  }
  const maxConcurrency = getEnv().AGENT_TOOL_MAX_CONCURRENCY;
  // Every model call of the phase is saved as it ends: the run's usage and timeline read them.
  const onModelCall = modelCallRecorder({
    runId: run.id,
    ownerId: input.ownerId,
    projectId: run.projectId,
    generation,
  });
  return {
    runId: run.id,
    generation,
    agent,
    execute,
    start,
    maxConcurrency,
    planning,
    onModelCall,
    userText,
    options,
    model,
  };
}
