import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { resolveLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import type { MemoryUsed } from "@/lib/contracts/memory";
import type { RunOptions } from "@/lib/contracts/run-options";
import { assembleMemoryContext } from "@/lib/memory/context/assemble-memory-context";
import { listBuiltinSkills } from "@/lib/skills/list-builtin-skills";
import { workspaceToolDescriptors } from "@/lib/workspace/workspace-tools";
import { buildHistory } from "../context/build-history";
import { buildSessionState } from "../context/build-session-state";
import { buildSystemPrompt } from "../instructions/build-system-prompt";
import { discoverMcpTools } from "../tools/discover-mcp-tools";
import type { McpCallIdentity } from "../tools/mcp-connection";
import { readSkillToolDescriptor } from "../tools/read-skill-tool";
import type { ToolDescriptor } from "../tools/tool-descriptor";

/** Everything one run needs, assembled per request (AF-1): no agent outlives its request. */
export type RunAgent = {
  model: LanguageModelV3;
  modelName: string;
  system: string;
  history: ModelMessage[];
  descriptors: ToolDescriptor[];
  scopeDatasetIds: Set<string>;
  /** The learning-store records this run's prompt carries (MEM-1), labelled by store. */
  memoriesUsed: MemoryUsed[];
};

/** Builds the agent of one run: model, tools from discovery, skills, context and instructions. */
export async function createRunAgent(input: {
  ownerId: string;
  run: { id: string; modelName: string | null; options: RunOptions; attachments: string[] };
  session: { id: string; projectId: string; activeDatasetId: string | null; state: unknown };
  identity: McpCallIdentity;
  signal: AbortSignal;
}): Promise<RunAgent> {
  const { model, entry } = await resolveLanguageModel({
    ownerId: input.ownerId,
    modelName: input.run.modelName ?? input.run.options.model,
  });
  const [mcpTools, context, history, skills, memory] = await Promise.all([
    discoverMcpTools({ identity: input.identity, signal: input.signal }),
    buildSessionState({
      ownerId: input.ownerId,
      session: input.session,
      attachments: input.run.attachments,
      options: input.run.options,
    }),
    buildHistory({ sessionId: input.session.id, runId: input.run.id }),
    listBuiltinSkills(),
    assembleMemoryContext({
      ownerId: input.ownerId,
      sessionId: input.session.id,
      runId: input.run.id,
      signal: input.signal,
    }),
  ]);
  const descriptors = [
    ...mcpTools,
    ...workspaceToolDescriptors(),
    readSkillToolDescriptor(skills.map((skill) => skill.name)),
  ];
  return {
    model,
    modelName: entry.name,
    system: buildSystemPrompt({
      options: input.run.options,
      state: context.state,
      skills,
      memory: memory.records,
    }),
    history,
    descriptors,
    scopeDatasetIds: context.scopeDatasetIds,
    memoriesUsed: memory.used,
  };
}
