import "server-only";
import yauzl from "yauzl";
import { PayloadTooLargeError, UnsupportedFileError } from "@/lib/errors/http-errors";
import { skillEntryFile, skillFilePathOrThrow } from "@/lib/skills/skill-file-path";
import type { SkillFile } from "@/lib/skills/skill-storage";

/** Limits one archive is read within (SEC-4). */
export type ArchiveLimits = { maxFiles: number; maxUncompressedBytes: number };

// Archivers add these beside the real content; they are skipped, never stored.
const ignoredEntry = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db)(\/|$)/;

const unixFileType = 0o170000;
const unixSymlink = 0o120000;

function refuse(reason: string, message: string, details?: Record<string, unknown>) {
  return new UnsupportedFileError(message, { reason, ...details });
}

function open(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zipfile) => (error || !zipfile ? reject(error) : resolve(zipfile)),
    );
  });
}

// yauzl's own name checks (absolute paths, `..`, backslashes) arrive as plain errors.
function mapArchiveError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message)) {
    return refuse(
      "unsafe_path",
      "The archive has a path that leaves its folder (zip-slip) or is absolute.",
      {
        entry: message.split(": ").slice(1).join(": ").slice(0, 200),
      },
    );
  }
  if (error instanceof UnsupportedFileError || error instanceof PayloadTooLargeError) return error;
  return refuse("unreadable_archive", "The .zip file could not be read.");
}

/** The central directory's entries, all checked before a byte is inflated. */
function listEntries(zipfile: yauzl.ZipFile, limits: ArchiveLimits): Promise<yauzl.Entry[]> {
  if (zipfile.entryCount > limits.maxFiles) {
    return Promise.reject(
      new PayloadTooLargeError(0, {
        reason: "too_many_files",
        files: zipfile.entryCount,
        limit_files: limits.maxFiles,
      }),
    );
  }
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    zipfile.on("error", (error) => reject(mapArchiveError(error)));
    zipfile.on("end", () => resolve(entries));
    zipfile.on("entry", (entry: yauzl.Entry) => {
      const mode = (entry.externalFileAttributes >>> 16) & unixFileType;
      if (mode === unixSymlink) {
        return reject(
          refuse("symlink", "The archive holds a symbolic link; skills hold plain files only.", {
            entry: entry.fileName,
          }),
        );
      }
      if (entry.isEncrypted()) {
        return reject(
          refuse("encrypted", "The archive holds an encrypted file.", { entry: entry.fileName }),
        );
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
        return reject(
          new PayloadTooLargeError(limits.maxUncompressedBytes, {
            reason: "uncompressed_too_large",
          }),
        );
      }
      entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.readEntry();
  });
}

function readEntry(
  zipfile: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { left: number },
  limit: number,
) {
  return new Promise<Buffer>((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(mapArchiveError(error));
      const chunks: Buffer[] = [];
      // validateEntrySizes already holds each entry to its declared size; this also holds the
      // whole archive to the limit, whatever the headers claim.
      stream.on("data", (chunk: Buffer) => {
        budget.left -= chunk.byteLength;
        if (budget.left < 0) {
          stream.destroy();
          reject(new PayloadTooLargeError(limit, { reason: "uncompressed_too_large" }));
        } else chunks.push(chunk);
      });
      stream.on("error", (streamError) => reject(mapArchiveError(streamError)));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The one folder every file of the archive sits in, when SKILL.md is there and not at the root. */
function commonPrefix(names: string[]): string {
  if (names.includes(skillEntryFile)) return "";
  const top = names[0]?.split("/")[0];
  if (
    top &&
    names.every((name) => name.startsWith(`${top}/`)) &&
    names.includes(`${top}/${skillEntryFile}`)
  ) {
    return `${top}/`;
  }
  throw refuse(
    "missing_skill_md",
    `The archive needs a ${skillEntryFile} at its root or in one top folder.`,
  );
}

/**
 * Reads a skill archive into memory after checking it whole (SEC-4): entry count, declared and
 * actual uncompressed size, symlinks, encrypted entries, zip-slip and absolute paths, and a
 * SKILL.md at the root or in one top folder. Nothing is written anywhere by this function.
 */
export async function readSkillArchive(input: {
  zipPath: string;
  limits: ArchiveLimits;
}): Promise<SkillFile[]> {
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await open(input.zipPath);
  } catch (error) {
    throw mapArchiveError(error);
  }
  try {
    const entries = (await listEntries(zipfile, input.limits)).filter(
      (entry) => !ignoredEntry.test(entry.fileName),
    );
    const fileEntries = entries.filter((entry) => !entry.fileName.endsWith("/"));
    const prefix = commonPrefix(fileEntries.map((entry) => entry.fileName));
    const budget = { left: input.limits.maxUncompressedBytes };
    const files: SkillFile[] = [];
    for (const entry of fileEntries) {
      const relative = entry.fileName.slice(prefix.length);
      let checked: string;
      try {
        checked = skillFilePathOrThrow({ path: relative });
      } catch {
        throw refuse(
          "unexpected_file",
          `"${entry.fileName}" does not belong in a skill: only ${skillEntryFile} and files under references/.`,
          { entry: entry.fileName },
        );
      }
      files.push({
        path: checked,
        bytes: await readEntry(zipfile, entry, budget, input.limits.maxUncompressedBytes),
      });
    }
    return files;
  } catch (error) {
    throw mapArchiveError(error);
  } finally {
    zipfile.close();
  }
}
