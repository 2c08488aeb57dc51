import "server-only";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { ErrorCode } from "@/lib/errors/error-codes";
import type { RunSkill } from "./load-run-skills";
import {
  resolveInside,
  skillEntryFile,
  skillFilePathOrThrow,
  skillReferencesFolder,
} from "./skill-file-path";
import { listStoredSkillFiles, readStoredSkillText } from "./stored-skill-files";

// A skill file the model reads is text for its context: past this it is cut, and says so.
const maxReadCharacters = 64_000;

function refused(input: {
  code: ErrorCode;
  message: string;
  data: Record<string, unknown>;
}): ToolEnvelope {
  return failedEnvelope(input);
}

function notOffered(name: string): ToolEnvelope {
  return refused({
    code: "NOT_FOUND",
    message: `No skill named "${name}" is available to this run.`,
    data: { name },
  });
}

async function listAttachedFiles(location: RunSkill["location"]): Promise<string[]> {
  if ("storagePath" in location) {
    const files = await listStoredSkillFiles({ storagePath: location.storagePath });
    return files.filter((file) => file.startsWith(`${skillReferencesFolder}/`));
  }
  const { directory } = location;
  const references = path.join(directory, "references");
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(references, relative), { withFileTypes: true }).catch(
      () => [],
    );
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(`references/${child}`);
    }
  };
  await walk("");
  return found.sort();
}

/** read_skill: the body of an offered skill and the names of its attached files (SK-1). */
export async function readRunSkill(input: {
  skills: RunSkill[];
  name: string;
}): Promise<ToolEnvelope> {
  const skill = input.skills.find((candidate) => candidate.name === input.name);
  if (!skill) return notOffered(input.name);
  const content = await readSkillText(skill.location, skillEntryFile);
  if (content === undefined) throw new Error(`skill "${skill.name}" has no ${skillEntryFile}`);
  return {
    success: true,
    status: "completed",
    data: {
      name: skill.name,
      source: skill.source,
      version: skill.version,
      content: content.slice(0, maxReadCharacters),
      files: await listAttachedFiles(skill.location),
    },
  };
}

/** read_skill_file: one attached file of an offered skill; paths leaving the skill are refused. */
export async function readRunSkillFile(input: {
  skills: RunSkill[];
  name: string;
  path: string;
}): Promise<ToolEnvelope> {
  const skill = input.skills.find((candidate) => candidate.name === input.name);
  if (!skill) return notOffered(input.name);
  let relative: string;
  try {
    relative = skillFilePathOrThrow({ path: input.path });
    if ("directory" in skill.location) resolveInside({ root: skill.location.directory, relative });
  } catch {
    return refused({
      code: "PATH_NOT_ALLOWED",
      message: `"${input.path}" is not a file of skill "${skill.name}"; use a path read_skill listed.`,
      data: { name: skill.name, path: input.path },
    });
  }
  const text = await readSkillText(skill.location, relative);
  if (text === undefined) {
    return refused({
      code: "NOT_FOUND",
      message: `Skill "${skill.name}" has no file "${relative}".`,
      data: { name: skill.name, path: relative },
    });
  }
  return {
    success: true,
    status: "completed",
    data: {
      name: skill.name,
      path: relative,
      content: text.slice(0, maxReadCharacters),
      truncated: text.length > maxReadCharacters,
    },
  };
}

/** One file of a skill as text, or undefined when it is not a regular file there. */
async function readSkillText(
  location: RunSkill["location"],
  relative: string,
): Promise<string | undefined> {
  if ("storagePath" in location) {
    return readStoredSkillText({ storagePath: location.storagePath, relative });
  }
  const absolute = resolveInside({ root: location.directory, relative });
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) return undefined;
  return readFile(absolute, "utf8");
}
