import "server-only";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { findRunOfferedSkills } from "@/lib/db/queries/skills";
import { loadRunSkills } from "@/lib/skills/load-run-skills";
import type { McpCallIdentity } from "./mcp-connection";
import { executeProposeSkill, proposeSkillToolName } from "./propose-skill-tool";
import { executeReadSkill, isReadSkillToolName } from "./read-skill-tool";

/** Whether a tool is one of the runtime's skill tools (read_skill, read_skill_file, propose_skill). */
export function isSkillToolName(name: string): boolean {
  return isReadSkillToolName(name) || name === proposeSkillToolName;
}

/**
 * Runs a skill tool for the run's owner. Reads are limited to what this run was offered (the
 * list the factory recorded) and still active now: a candidate is never readable, and a skill
 * deleted mid-run stops being readable at once.
 */
export async function executeSkillTool(input: {
  call: PlannedToolCall;
  identity: McpCallIdentity;
}): Promise<ToolEnvelope> {
  const { call, identity } = input;
  if (call.toolName === proposeSkillToolName) {
    return executeProposeSkill({
      args: call.args,
      ownerId: identity.userId,
      runId: identity.runId,
    });
  }
  const [active, offered] = await Promise.all([
    loadRunSkills({ ownerId: identity.userId }),
    findRunOfferedSkills({ runId: identity.runId, ownerId: identity.userId }),
  ]);
  const skills = offered
    ? active.filter((skill) =>
        offered.some((entry) => entry.name === skill.name && entry.source === skill.source),
      )
    : active;
  return executeReadSkill({ toolName: call.toolName, args: call.args, skills });
}
