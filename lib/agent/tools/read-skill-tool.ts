import "server-only";
import { z } from "zod";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { RunSkill } from "@/lib/skills/load-run-skills";
import { readRunSkill, readRunSkillFile } from "@/lib/skills/read-run-skill";

export const readSkillToolName = "read_skill";
export const readSkillFileToolName = "read_skill_file";

const readSkillArgsSchema = z.object({ name: z.string().min(1).max(100) }).strict();
const readSkillFileArgsSchema = z
  .object({
    name: z.string().min(1).max(100),
    path: z.string().min(1).max(300).describe("A path read_skill listed, e.g. references/notes.md"),
  })
  .strict();

// Reads the request's own skill files: no graph resource, never ordered against graph tools.
const catalogue = {
  resources: { reads: ["SKILLS"], writes: [] },
  requires_approval: false,
  may_be_async: false,
};

/** read_skill and read_skill_file: skills are read on demand, only names and descriptions are in the prompt (SK-1). */
export function readSkillToolDescriptors(names: string[]): ToolDescriptor[] {
  return [
    {
      name: readSkillToolName,
      description: `Read the full guidance of a skill and the list of its attached files. Available: ${names.join(", ") || "none"}.`,
      inputSchema: z.toJSONSchema(readSkillArgsSchema, { target: "draft-7" }) as Record<
        string,
        unknown
      >,
      catalogue,
      source: "runtime",
    },
    {
      name: readSkillFileToolName,
      description: "Read one attached file of a skill (a path read_skill listed).",
      inputSchema: z.toJSONSchema(readSkillFileArgsSchema, { target: "draft-7" }) as Record<
        string,
        unknown
      >,
      catalogue,
      source: "runtime",
    },
  ];
}

/** Whether a tool name is one of the skill-reading tools. */
export function isReadSkillToolName(name: string): boolean {
  return name === readSkillToolName || name === readSkillFileToolName;
}

/**
 * Runs read_skill / read_skill_file against `skills`: the skills this run was offered, never a
 * candidate (SK-2).
 */
export async function executeReadSkill(input: {
  toolName: string;
  args: Record<string, unknown>;
  skills: RunSkill[];
}): Promise<ToolEnvelope> {
  const { skills } = input;
  if (input.toolName === readSkillFileToolName) {
    const parsed = readSkillFileArgsSchema.safeParse(input.args);
    if (!parsed.success) return invalid("read_skill_file needs a skill name and a file path.");
    return readRunSkillFile({ skills, ...parsed.data });
  }
  const parsed = readSkillArgsSchema.safeParse(input.args);
  if (!parsed.success) return invalid("read_skill needs a skill name.");
  return readRunSkill({ skills, name: parsed.data.name });
}

function invalid(message: string): ToolEnvelope {
  return failedEnvelope({ code: "INVALID_REQUEST", message });
}
