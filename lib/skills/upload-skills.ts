import "server-only";
import { readFile, rm } from "node:fs/promises";
import type { SkillListItem } from "@/lib/contracts/skill";
import { getEnv } from "@/lib/env";
import { InvalidRequestError, UnsupportedFileError } from "@/lib/errors/http-errors";
import { isTextContent, skillEntryFile } from "@/lib/skills/skill-file-path";
import { readSkillArchive } from "./read-skill-archive";
import { storeNewSkill } from "./store-new-skill";
import { streamSkillUpload } from "./stream-skill-upload";

/**
 * `POST /api/skills/upload` (SK-5): a `.md` (one SKILL.md) or a `.zip` (one skill folder),
 * streamed to a temporary file, checked whole, then stored like a created skill. Every refusal
 * is a 4xx with a code and leaves the skills directory as it was; the temporary file is always
 * removed.
 */
export async function uploadSkills(input: {
  ownerId: string;
  request: Request;
}): Promise<SkillListItem[]> {
  const env = getEnv();
  const form = await streamSkillUpload({
    request: input.request,
    maxBytes: env.SKILL_UPLOAD_MAX_BYTES,
  });
  try {
    const target = form.target ?? "review_queue";
    if (target !== "user" && target !== "review_queue") {
      throw new InvalidRequestError('"target" must be "user" or "review_queue".', {
        part: "target",
      });
    }
    const extension = form.filename.toLowerCase().match(/\.(md|zip)$/)?.[1];
    if (!extension) {
      throw new UnsupportedFileError("Upload a .md or a .zip skill.", {
        reason: "unsupported_extension",
        filename: form.filename,
      });
    }
    let files: { path: string; bytes: Uint8Array }[];
    if (extension === "md") {
      const bytes = await readFile(form.temporaryPath);
      if (!isTextContent(bytes)) {
        throw new UnsupportedFileError("The .md file is not text.", {
          reason: "binary_file",
          filename: form.filename,
        });
      }
      files = [{ path: skillEntryFile, bytes }];
    } else {
      files = await readSkillArchive({
        zipPath: form.temporaryPath,
        limits: {
          maxFiles: env.SKILL_ARCHIVE_MAX_FILES,
          maxUncompressedBytes: env.SKILL_ARCHIVE_MAX_UNCOMPRESSED_BYTES,
        },
      });
    }
    return [await storeNewSkill({ ownerId: input.ownerId, files, target })];
  } finally {
    await rm(form.temporaryPath, { force: true });
  }
}
