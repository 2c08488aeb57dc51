import "server-only";
import { z } from "zod";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { proposeSkillInputSchema } from "@/lib/contracts/tool-inputs/propose-skill-input";
import { ApiError } from "@/lib/errors/api-error";
import { proposeSkill } from "@/lib/skills/propose-skill";

export const proposeSkillToolName = "propose_skill";

/**
 * propose_skill: a run writes down what worked as a skill *candidate* (SK-4). It always lands in
 * the review queue, linked to this run, and is never offered to a run until a reviewer approves.
 */
export function proposeSkillToolDescriptor(): ToolDescriptor {
  return {
    name: proposeSkillToolName,
    description:
      "Propose a reusable skill (playbook) from this analysis. It goes to the review queue; a reviewer decides whether it becomes active.",
    inputSchema: z.toJSONSchema(proposeSkillInputSchema, { target: "draft-7" }) as Record<
      string,
      unknown
    >,
    // Writes only the owner's review queue, which no graph tool reads.
    catalogue: {
      resources: { reads: [], writes: ["SKILLS_QUEUE"] },
      requires_approval: false,
      may_be_async: false,
    },
    source: "runtime",
  };
}

/** Runs propose_skill for the run's owner. */
export async function executeProposeSkill(input: {
  args: Record<string, unknown>;
  ownerId: string;
  runId: string;
}): Promise<ToolEnvelope> {
  const parsed = proposeSkillInputSchema.safeParse(input.args);
  if (!parsed.success) {
    return failedEnvelope({
      code: "INVALID_REQUEST",
      message: "propose_skill needs a name, a description and a body.",
      data: { issues: parsed.error.issues },
    });
  }
  try {
    const skill = await proposeSkill({
      ownerId: input.ownerId,
      runId: input.runId,
      ...parsed.data,
    });
    return { success: true, status: "completed", data: skill };
  } catch (error) {
    if (!ApiError.isInstance(error)) throw error;
    return failedEnvelope({
      status: "failed",
      code: error.code,
      message: error.message,
      data: error.details,
    });
  }
}
