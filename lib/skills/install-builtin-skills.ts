import "server-only";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseSkillMarkdown, renderSkillMarkdown } from "./parse-skill-markdown";
import { skillEntryFile } from "./skill-file-path";
import { normaliseSkillName } from "./skill-name";
import {
  builtinSkillDirectory,
  readSkillFolder,
  skillsRoot,
  writeSkillFolder,
} from "./skill-storage";

/** Where the app ships its built-in skills (SK-2). */
const shippedDirectory = path.join(process.cwd(), "skills");

let installed: Promise<{ installed: string[]; refused: string[] }> | undefined;

/**
 * Copies the shipped skills into DATA_DIR/skills/builtin under normalised names (SK-2), once
 * per process. Each skill is validated on its own: a broken one is logged and left out, the
 * others install. A previous copy is replaced whole, so a removed file does not linger.
 */
export function installBuiltinSkills(): Promise<{ installed: string[]; refused: string[] }> {
  installed ??= installAll().catch((error) => {
    installed = undefined;
    throw error;
  });
  return installed;
}

async function installAll() {
  const entries = await readdir(shippedDirectory, { withFileTypes: true }).catch(() => []);
  const result = { installed: [] as string[], refused: [] as string[] };
  const root = path.join(skillsRoot(), "builtin");
  await mkdir(root, { recursive: true });
  const wanted = new Set<string>();
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const name = normaliseSkillName({ name: entry.name });
    try {
      const source = path.join(shippedDirectory, entry.name);
      const files = await readSkillFolder({ directory: source });
      const entryFile = files.find((file) => file.path === skillEntryFile);
      if (!entryFile) throw new Error(`no ${skillEntryFile}`);
      const skillMd = Buffer.from(entryFile.bytes).toString("utf8");
      const parsed = parseSkillMarkdown({ markdown: skillMd, folder: name });
      // The folder name may differ from the normalised name only in spelling: the copy uses it.
      entryFile.bytes = Buffer.from(
        parsed.frontMatter.name === name ? skillMd : renderSkillMarkdown(parsed),
      );
      const target = builtinSkillDirectory({ name });
      const replaced = `${target}.old-${process.pid}`;
      await rm(replaced, { recursive: true, force: true });
      await rename(target, replaced).catch(() => undefined);
      await writeSkillFolder({ directory: target, files });
      await rm(replaced, { recursive: true, force: true });
      wanted.add(name);
      result.installed.push(name);
    } catch (error) {
      result.refused.push(entry.name);
      console.warn(`skills: built-in skill "${entry.name}" left out: ${(error as Error).message}`);
    }
  }
  // A skill removed from skills/ must not stay offered from an older copy.
  for (const existing of await readdir(root, { withFileTypes: true })) {
    if (existing.isDirectory() && !wanted.has(existing.name) && !existing.name.includes(".old-")) {
      await rm(path.join(root, existing.name), { recursive: true, force: true });
    }
  }
  return result;
}
