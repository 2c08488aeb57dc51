import "server-only";
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { insertDataset } from "@/lib/db/queries/datasets";
import { hasControlCharacters, stripControlCharacters } from "@/lib/text/has-control-characters";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { toDatasetJson } from "./dataset-json";
import { datasetStoragePath, removeStoredFile, writeStoredFile } from "./dataset-storage";
import { detectDatasetKind } from "./detect-dataset-kind";
import type { UploadedFile } from "./read-upload-form";

const datasetNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200, "Dataset names are at most 200 characters.")
  .refine((name) => !hasControlCharacters(name), "Control characters are not allowed.");

/**
 * Stores an upload as a dataset of the owner's project: content check, checksum, bytes on disk,
 * then the row. If the row cannot be written the file is removed: nothing half-stored remains.
 */
export async function uploadDataset(input: {
  ownerId: string;
  projectId: string;
  file: UploadedFile;
}) {
  await getProjectOrThrow({ ownerId: input.ownerId, projectId: input.projectId });
  const originalFilename = displayFilename(input.file.filename);
  const { kind, mediaType } = detectDatasetKind({
    filename: originalFilename,
    bytes: input.file.bytes,
  });
  const name = datasetNameSchema.parse(
    input.file.name?.trim() ? input.file.name : originalFilename.replace(/\.[^.]+$/, ""),
  );
  const datasetId = randomUUID();
  const storagePath = datasetStoragePath({ ownerId: input.ownerId, datasetId, kind });
  const checksum = createHash("sha256").update(input.file.bytes).digest("hex");
  await writeStoredFile({ relativePath: storagePath, bytes: input.file.bytes });
  try {
    const dataset = await insertDataset({
      id: datasetId,
      ownerId: input.ownerId,
      projectId: input.projectId,
      name,
      originalFilename,
      kind,
      bytes: input.file.bytes.byteLength,
      checksum,
      storagePath,
      mediaType,
    });
    return toDatasetJson({ dataset });
  } catch (error) {
    await removeStoredFile(storagePath);
    throw error;
  }
}

/** The uploaded name for display only: base name, no control characters, bounded length. */
function displayFilename(raw: string): string {
  const base = path.posix.basename(raw.replaceAll("\\", "/"));
  const cleaned = stripControlCharacters(base).slice(-200);
  return cleaned || "upload";
}
