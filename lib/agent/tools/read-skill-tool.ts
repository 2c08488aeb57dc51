import { z } from "zod";
import { readBuiltinSkill } from "@/lib/skills/list-builtin-skills";
import type { ToolDescriptor, ToolEnvelope } from "./tool-descriptor";

export const readSkillToolName = "read_skill";

const argsSchema = z.object({ name: z.string().min(1).max(100) }).strict();

/** The read_skill tool: skills are read on demand, only their names and descriptions are in the prompt (SK-1). */
export function readSkillToolDescriptor(names: string[]): ToolDescriptor {
  return {
    name: readSkillToolName,
    description: `Read the full guidance of a skill. Available: ${names.join(", ") || "none"}.`,
    inputSchema: z.toJSONSchema(argsSchema, { target: "draft-7" }) as Record<string, unknown>,
    // Reads files shipped with the app: no shared resource, never ordered against graph tools.
    catalogue: {
      resources: { reads: ["SKILLS"], writes: [] },
      requires_approval: false,
      may_be_async: false,
    },
    source: "runtime",
  };
}

/** Runs read_skill. */
export async function executeReadSkill(args: Record<string, unknown>): Promise<ToolEnvelope> {
  const parsed = argsSchema.safeParse(args);
  if (!parsed.success) {
    return {
      success: false,
      status: "failed",
      error_code: "INVALID_REQUEST",
      message: "read_skill needs a skill name.",
    };
  }
  const body = await readBuiltinSkill(parsed.data.name);
  if (body === null) {
    return {
      success: false,
      status: "failed",
      error_code: "NOT_FOUND",
      message: `No skill named "${parsed.data.name}".`,
    };
  }
  return { success: true, status: "completed", data: { name: parsed.data.name, content: body } };
}
