import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type ModelFile, parseModelFile, serialiseModelFile } from "@/lib/engine/ml/model-file";
import { getEnv } from "@/lib/env";
import { NotFoundError } from "@/lib/errors/http-errors";

const idPattern = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Where a model file lives, relative to DATA_DIR: `models/<owner>/<model_id>.json`. Both parts
 * are server-generated ids (checked here anyway), so no user text ever reaches a path.
 */
export function modelFileRelativePath(input: { ownerId: string; modelId: string }): string {
  if (!idPattern.test(input.ownerId) || !idPattern.test(input.modelId)) {
    throw new Error("model file names are built from server ids only");
  }
  return path.posix.join("models", input.ownerId, `${input.modelId}.json`);
}

/** A stored relative path resolved under DATA_DIR/models, refusing anything that leaves it. */
export function resolveModelFilePath(input: { relativePath: string }): string {
  const root = path.join(getEnv().dataDirectory, "models");
  const absolute = path.resolve(getEnv().dataDirectory, input.relativePath);
  if (!absolute.startsWith(`${root}${path.sep}`)) {
    throw new NotFoundError("The model file");
  }
  return absolute;
}

/** Writes a model file atomically (temp + rename): a crash never leaves half a model. */
export async function writeModelFile(input: {
  ownerId: string;
  modelId: string;
  file: ModelFile;
}): Promise<{ relativePath: string; bytes: number }> {
  const relativePath = modelFileRelativePath(input);
  const absolute = resolveModelFilePath({ relativePath });
  await mkdir(path.dirname(absolute), { recursive: true });
  const text = serialiseModelFile({ file: input.file });
  const temporary = `${absolute}.${randomUUID()}.tmp`;
  await writeFile(temporary, text, { flag: "wx" });
  await rename(temporary, absolute);
  return { relativePath, bytes: Buffer.byteLength(text) };
}

/** Reads and verifies (format + checksum) a stored model file. */
export async function readModelFile(input: { relativePath: string }): Promise<ModelFile> {
  const absolute = resolveModelFilePath(input);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch {
    throw new NotFoundError("The model file");
  }
  return parseModelFile({ text });
}
