/**
 * Attribute names of the spans this app exports. The `gen_ai.*` ones follow the OpenTelemetry
 * GenAI semantic conventions; they are still experimental there, so they are spelled here once
 * instead of imported from the conventions package's incubating entry, whose names may move
 * between minor versions. `workbench.*` are this app's own.
 */
export const genAi = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  /** The older name of `gen_ai.provider.name`, still read by many back-ends. */
  system: "gen_ai.system",
  requestModel: "gen_ai.request.model",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  agentName: "gen_ai.agent.name",
  conversationId: "gen_ai.conversation.id",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
} as const;

/** `gen_ai.operation.name` values. */
export const genAiOperation = {
  invokeAgent: "invoke_agent",
  chat: "chat",
  executeTool: "execute_tool",
} as const;

/** Attributes of the Model Context Protocol's semantic conventions (the engine's server span). */
export const mcp = {
  methodName: "mcp.method.name",
} as const;

export const workbench = {
  runId: "workbench.run_id",
  sessionId: "workbench.session_id",
  executionGeneration: "workbench.execution_generation",
  runStatus: "workbench.run.status",
  modelCallPurpose: "workbench.model_call.purpose",
  toolStatus: "workbench.tool.status",
  jobId: "workbench.job.id",
  jobKind: "workbench.job.kind",
  jobAttempt: "workbench.job.attempt",
  jobStatus: "workbench.job.status",
  /** On a job span's links: what the linked span is to the job (`run`, `enqueued_by`). */
  linkRole: "workbench.link.role",
  /** Resource attribute: `app` (the Next.js server) or `worker` (`npm run worker`). */
  process: "workbench.process",
} as const;
