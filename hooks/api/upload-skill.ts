import { type SkillList, skillListSchema } from "@/lib/contracts/skill";
import { postFormWithProgress } from "./post-form-with-progress";

/** Uploads a skill (.md or .zip) to the review queue or the owner's skills, with progress. */
export function uploadSkill({
  file,
  target,
  onProgress,
}: {
  file: File;
  target: "user" | "review_queue";
  /** Fraction of the request body sent, 0..1. */
  onProgress: (fraction: number) => void;
}): Promise<SkillList> {
  const form = new FormData();
  form.append("target", target);
  form.append("file", file, file.name);
  return postFormWithProgress({
    url: "/api/skills/upload",
    form,
    schema: skillListSchema,
    onProgress,
    unexpectedShapeMessage: "The skill was stored, but the answer had an unexpected shape.",
  });
}
