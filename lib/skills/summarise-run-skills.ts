import type { RunSkillSummary } from "@/lib/contracts/skill";

const readToolNames = new Set(["read_skill", "read_skill_file"]);

/**
 * The run snapshot's `skills` (docs/api.md): the skills the run was offered, each marked `read`
 * when a read_skill / read_skill_file call of the run succeeded on it, so a reviewer sees what
 * reached the agent and what it actually looked at.
 */
export function summariseRunSkills(input: {
  offered: unknown;
  toolCalls: { toolName: string; args: unknown; success: boolean | null }[];
}): RunSkillSummary[] {
  const offered = Array.isArray(input.offered)
    ? (input.offered as { name?: unknown; source?: unknown; version?: unknown }[])
    : [];
  const read = new Set(
    input.toolCalls
      .filter((call) => readToolNames.has(call.toolName) && call.success === true)
      .map((call) => (call.args as { name?: unknown } | null)?.name)
      .filter((name): name is string => typeof name === "string"),
  );
  return offered.flatMap((skill) =>
    typeof skill.name === "string" && typeof skill.source === "string"
      ? [
          {
            name: skill.name,
            source: skill.source,
            version: typeof skill.version === "number" ? skill.version : 1,
            read: read.has(skill.name),
          },
        ]
      : [],
  );
}
