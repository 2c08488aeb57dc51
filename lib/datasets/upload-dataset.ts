import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { DatasetKind } from "@/lib/contracts/dataset";
import { insertDatasets } from "@/lib/db/queries/datasets";
import { getEnv } from "@/lib/env";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { hasControlCharacters, stripControlCharacters } from "@/lib/text/has-control-characters";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { toDatasetJson } from "./dataset-json";
import {
  datasetStoragePath,
  moveIncomingFile,
  removeIncomingFile,
  removeStoredFile,
  writeIncomingFile,
} from "./dataset-storage";
import { detectDatasetKind } from "./detect-dataset-kind";
import { gunzipBounded, isGzipFilename, withoutGzipExtension } from "./gzip-upload";
import type { StagedFile } from "./stream-upload-form";
import { inspectUploadBytes } from "./upload-content";

/** An upload already streamed to disk, or (for in-process callers) bytes in memory. */
export type UploadSource = StagedFile | { filename: string; bytes: Uint8Array; name?: string };

const datasetNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200, "Dataset names are at most 200 characters.")
  .refine((name) => !hasControlCharacters(name), "Control characters are not allowed.");

type PreparedFile = {
  datasetId: string;
  staged: StagedFile;
  originalFilename: string;
  kind: DatasetKind;
  mediaType: string;
  storagePath: string;
};

/**
 * Stores an upload as a dataset of the owner's project — and, when a node table came with an
 * edge table, the node table as a second CSV dataset linked from the first (constructions use
 * it by default). Content checks, then both files moved into place, then both rows in one
 * transaction; on any failure every file is removed: nothing half-stored remains. Takes
 * ownership of staged files: they are stored or deleted, whatever happens.
 */
export async function uploadDataset(input: {
  ownerId: string;
  projectId: string;
  file: UploadSource;
  nodes?: UploadSource;
  name?: string;
}) {
  const sources = input.nodes ? [input.file, input.nodes] : [input.file];
  const staged: StagedFile[] = [];
  try {
    for (const source of sources) staged.push(await stage(source));
    await getProjectOrThrow({ ownerId: input.ownerId, projectId: input.projectId });
    const [edges, nodes] = staged.map((file) => prepare({ ownerId: input.ownerId, file }));
    if (nodes && (nodes.kind !== "csv" || edges.kind !== "csv")) {
      throw new InvalidRequestError(
        "A node table can only come with a CSV edge table, and must be a CSV file itself.",
        { filenames: [edges.originalFilename, nodes.originalFilename] },
      );
    }
    const requested = input.name ?? ("bytes" in input.file ? input.file.name : undefined);
    const names = {
      edges: datasetNameSchema.parse(
        requested?.trim() ? requested : baseName(edges.originalFilename),
      ),
      // A given name names the pair; otherwise each file keeps its own.
      nodes: requested?.trim()
        ? `${datasetNameSchema.parse(requested).slice(0, 190)} (nodes)`
        : baseName(nodes?.originalFilename ?? "") || "nodes",
    };
    return await store({ ownerId: input.ownerId, projectId: input.projectId, names, edges, nodes });
  } finally {
    // Stored files were renamed away already; this removes whatever was not stored, including
    // staged files handed in when staging another one failed.
    const handedIn = sources.filter((source): source is StagedFile => !("bytes" in source));
    const temporaryPaths = new Set([...staged, ...handedIn].map((file) => file.temporaryPath));
    await Promise.all(
      [...temporaryPaths].map((temporaryPath) => removeIncomingFile({ temporaryPath })),
    );
  }
}

async function store(input: {
  ownerId: string;
  projectId: string;
  names: { edges: string; nodes: string };
  edges: PreparedFile;
  nodes?: PreparedFile;
}) {
  const { edges, nodes } = input;
  const files = nodes ? [nodes, edges] : [edges];
  const moved: string[] = [];
  try {
    for (const file of files) {
      await moveIncomingFile({
        temporaryPath: file.staged.temporaryPath,
        relativePath: file.storagePath,
        sha256: file.staged.content.sha256,
      });
      moved.push(file.storagePath);
    }
    const row = (file: PreparedFile, name: string, nodesDatasetId?: string) => ({
      id: file.datasetId,
      ownerId: input.ownerId,
      projectId: input.projectId,
      name,
      originalFilename: file.originalFilename,
      kind: file.kind,
      bytes: file.staged.content.bytes,
      checksum: file.staged.content.sha256,
      storagePath: file.storagePath,
      mediaType: file.mediaType,
      nodesDatasetId,
    });
    // The node table first: the edge table's row refers to it.
    const rows = nodes
      ? [row(nodes, input.names.nodes), row(edges, input.names.edges, nodes.datasetId)]
      : [row(edges, input.names.edges)];
    const inserted = await insertDatasets({ rows });
    return toDatasetJson({ dataset: inserted[inserted.length - 1] });
  } catch (error) {
    await Promise.all(moved.map((relativePath) => removeStoredFile(relativePath)));
    throw error;
  }
}

/** Content check and server-side identity of one file (no uploaded name reaches a path). */
function prepare(input: { ownerId: string; file: StagedFile }): PreparedFile {
  const originalFilename = displayFilename(input.file.filename);
  const { kind, mediaType } = detectDatasetKind({
    filename: originalFilename,
    content: input.file.content,
  });
  const datasetId = randomUUID();
  return {
    datasetId,
    staged: input.file,
    originalFilename,
    kind,
    mediaType,
    storagePath: datasetStoragePath({ ownerId: input.ownerId, datasetId, kind }),
  };
}

async function stage(source: UploadSource): Promise<StagedFile> {
  if (!("bytes" in source)) return source;
  // Stored decompressed, like a streamed .gz upload, under the same expansion bound.
  const bytes = isGzipFilename(source.filename)
    ? gunzipBounded({
        filename: source.filename,
        bytes: source.bytes,
        maxUncompressedBytes: getEnv().UPLOAD_MAX_UNCOMPRESSED_BYTES,
      })
    : source.bytes;
  const temporaryPath = await writeIncomingFile({ bytes });
  return { filename: source.filename, temporaryPath, content: inspectUploadBytes({ bytes }) };
}

function baseName(filename: string): string {
  return withoutGzipExtension(filename).replace(/\.[^.]+$/, "");
}

/** The uploaded name for display only: base name, no control characters, bounded length. */
function displayFilename(raw: string): string {
  const base = path.posix.basename(raw.replaceAll("\\", "/"));
  const cleaned = stripControlCharacters(base).slice(-200);
  return cleaned || "upload";
}
