import "server-only";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { ErrorCode } from "@/lib/errors/error-codes";
import type { RunSkill } from "./load-run-skills";
import { resolveInside, skillEntryFile, skillFilePathOrThrow } from "./skill-file-path";

// A skill file the model reads is text for its context: past this it is cut, and says so.
const maxReadCharacters = 64_000;

function refused(input: {
  code: ErrorCode;
  message: string;
  data: Record<string, unknown>;
}): ToolEnvelope {
  return {
    success: false,
    status: "failed",
    error_code: input.code,
    message: input.message,
    data: input.data,
  };
}

function notOffered(name: string): ToolEnvelope {
  return refused({
    code: "NOT_FOUND",
    message: `No skill named "${name}" is available to this run.`,
    data: { name },
  });
}

async function listAttachedFiles(directory: string): Promise<string[]> {
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
  const content = await readFile(path.join(skill.directory, skillEntryFile), "utf8");
  return {
    success: true,
    status: "completed",
    data: {
      name: skill.name,
      source: skill.source,
      version: skill.version,
      content: content.slice(0, maxReadCharacters),
      files: await listAttachedFiles(skill.directory),
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
  let absolute: string;
  try {
    relative = skillFilePathOrThrow({ path: input.path });
    absolute = resolveInside({ root: skill.directory, relative });
  } catch {
    return refused({
      code: "PATH_NOT_ALLOWED",
      message: `"${input.path}" is not a file of skill "${skill.name}"; use a path read_skill listed.`,
      data: { name: skill.name, path: input.path },
    });
  }
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) {
    return refused({
      code: "NOT_FOUND",
      message: `Skill "${skill.name}" has no file "${relative}".`,
      data: { name: skill.name, path: relative },
    });
  }
  const text = await readFile(absolute, "utf8");
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
