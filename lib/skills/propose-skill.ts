import "server-only";
import type { ProposeSkillInput } from "@/lib/contracts/tool-inputs/propose-skill-input";
import { findSkillRow } from "@/lib/db/queries/skills";
import { renderSkillMarkdown } from "@/lib/skills/parse-skill-markdown";
import { skillEntryFile } from "@/lib/skills/skill-file-path";
import { maxSkillNameLength, skillNameOrThrow } from "@/lib/skills/skill-name";
import { storeNewSkill } from "./store-new-skill";

/**
 * A skill proposed by a run (propose_skill, SK-4): always a candidate in the review queue,
 * linked to the run, never active. A name already waiting in the queue gets a numeric suffix,
 * so a second proposal never overwrites the first.
 */
export async function proposeSkill(input: ProposeSkillInput & { ownerId: string; runId: string }) {
  const base = skillNameOrThrow({ name: input.name }).slice(0, maxSkillNameLength - 4);
  let name = base;
  for (
    let suffix = 2;
    await findSkillRow({ ownerId: input.ownerId, source: "candidate", name });
    suffix++
  ) {
    name = `${base}-${suffix}`;
  }
  const markdown = renderSkillMarkdown({
    frontMatter: {
      name,
      description: input.description.trim(),
      metadata: { proposed_by_run_id: input.runId },
    },
    body: input.body.endsWith("\n") ? input.body : `${input.body}\n`,
  });
  const skill = await storeNewSkill({
    ownerId: input.ownerId,
    target: "review_queue",
    proposedByRunId: input.runId,
    files: [{ path: skillEntryFile, bytes: Buffer.from(markdown, "utf8") }],
  });
  return {
    name: skill.name,
    source: skill.source,
    status: skill.status,
    review: "waiting for a reviewer",
  };
}
