import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import type { ResolvedLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import type { MemoryUsed } from "@/lib/contracts/memory";
import type { RunOptions } from "@/lib/contracts/run-options";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { recordRunOfferedSkills } from "@/lib/db/queries/skills";
import { assembleMemoryContext } from "@/lib/memory/context/assemble-memory-context";
import { loadRunSkills, type RunSkill } from "@/lib/skills/load-run-skills";
import { workspaceToolDescriptors } from "@/lib/workspace/workspace-tools";
import { buildHistory } from "../context/build-history";
import { buildSessionState } from "../context/build-session-state";
import { loadInterruptedRunPreview } from "../context/load-interrupted-run-preview";
import { buildSystemPrompt } from "../instructions/build-system-prompt";
import { discoverMcpTools } from "../tools/discover-mcp-tools";
import type { McpCallIdentity } from "../tools/mcp-connection";
import { proposeSkillToolDescriptor } from "../tools/propose-skill-tool";
import { readSkillToolDescriptors } from "../tools/read-skill-tool";

/** Everything one run needs, assembled per request (AF-1): no agent outlives its request. */
export type RunAgent = {
  model: LanguageModelV3;
  modelName: string;
  system: string;
  history: ModelMessage[];
  descriptors: ToolDescriptor[];
  scopeDatasetIds: Set<string>;
  /** The session state the prompt carries (data scope, constructions, options). */
  state: LocalRulesSessionState;
  /** The skills offered to this run (built-ins and the owner's active ones, never candidates). */
  skills: RunSkill[];
  /** The learning-store records this run's prompt carries (MEM-1), labelled by store. */
  memoriesUsed: MemoryUsed[];
};

/**
 * Builds the agent of one run: tools from discovery, skills, context and instructions around the
 * model its phase resolved. `run.userText` is the user's message as the phase read it (the
 * memory context's question).
 */
export async function createRunAgent(input: {
  ownerId: string;
  run: { id: string; options: RunOptions; attachments: string[]; userText: string };
  model: ResolvedLanguageModel;
  session: { id: string; projectId: string; activeDatasetId: string | null; state: unknown };
  identity: McpCallIdentity;
  signal: AbortSignal;
}): Promise<RunAgent> {
  const { model, entry } = input.model;
  const [mcpTools, context, history, skills, memory, interrupted] = await Promise.all([
    discoverMcpTools({ identity: input.identity, signal: input.signal }),
    buildSessionState({
      ownerId: input.ownerId,
      session: input.session,
      attachments: input.run.attachments,
      options: input.run.options,
      runId: input.run.id,
    }),
    buildHistory({ sessionId: input.session.id, runId: input.run.id }),
    loadRunSkills({ ownerId: input.ownerId }),
    assembleMemoryContext({
      ownerId: input.ownerId,
      sessionId: input.session.id,
      runId: input.run.id,
      question: input.run.userText,
      signal: input.signal,
    }),
    loadInterruptedRunPreview({ sessionId: input.session.id, runId: input.run.id }),
  ]);
  // Recorded before the model sees anything, so the run snapshot shows what reached the agent.
  await recordRunOfferedSkills({
    runId: input.run.id,
    skills: skills.map(({ name, source, version }) => ({ name, source, version })),
  });
  const descriptors = [
    ...mcpTools,
    ...workspaceToolDescriptors(),
    // Skill tools come after every graph tool: a matched skill adds guidance, it never hides
    // or replaces a tool (SK-3).
    ...readSkillToolDescriptors(skills.map((skill) => skill.name)),
    proposeSkillToolDescriptor(),
  ];
  return {
    model,
    modelName: entry.name,
    system: buildSystemPrompt({
      options: input.run.options,
      state: context.state,
      skills,
      memory: memory.records,
      interruptedRunPreview: interrupted?.block,
    }),
    history,
    descriptors,
    scopeDatasetIds: context.scopeDatasetIds,
    state: context.state,
    skills,
    memoriesUsed: memory.used,
  };
}
