import "server-only";
import {
  type ConstructDatasetRequest,
  constructDatasetRequestSchema,
} from "@/lib/contracts/construction";
import type { DatasetKind } from "@/lib/contracts/dataset";
import {
  insertBuildingConstruction,
  markConstructionFailed,
  markConstructionReady,
} from "@/lib/db/queries/constructions";
import { EngineError } from "@/lib/engine/engine-error";
import { encodeGraph, graphPayloadFormat } from "@/lib/engine/storage/graph-codec";
import { ApiError, type ErrorCode } from "@/lib/errors/api-error";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { constructGraphOffThread } from "@/lib/kernels/engine-kernels";
import { readStoredUploadBytes, readStoredUploadText } from "../datasets/dataset-storage";
import { getDatasetOrThrow } from "../datasets/get-dataset-or-throw";
import { constructFromPostgresSource } from "../postgres-sources/construct-from-postgres-source";
import { storedSchemaSummary, toConstructionJson } from "./construction-json";
import { announceRevisionReady } from "./revision-ready-listeners";

/** The construct endpoint's body (lib/contracts: the Datasets page sends the same shape). */
export const constructDatasetBodySchema = constructDatasetRequestSchema;

export type ConstructDatasetOptions = ConstructDatasetRequest;

/** The node table a build uses: the one named, none when null, else the one uploaded with it. */
export function effectiveNodesDatasetId(input: {
  options: ConstructDatasetOptions;
  dataset: { nodesDatasetId: string | null };
}): string | undefined {
  if (input.options.nodes_dataset_id === null) return undefined;
  return input.options.nodes_dataset_id ?? input.dataset.nodesDatasetId ?? undefined;
}

/** The engine's weight options for a request's `weighted` / `weight_column`. */
function engineWeightOptions(options: ConstructDatasetOptions) {
  if (options.weight_column === null) return { weighted: false };
  if (options.weight_column !== undefined) {
    return { weighted: true, weightColumn: options.weight_column };
  }
  return { weighted: options.weighted };
}

const textKinds = new Set<string>(["csv", "txt", "sql"]);

/** A construction's stage and how far it is (0–100), for a job's progress rows. */
export type ConstructionProgress = (report: {
  stage: string;
  pct: number;
  message: string;
}) => void;

/**
 * Builds a graph from a stored upload and saves it as the dataset's next revision. The
 * revision is `building` while it runs and becomes `ready` only with its payload saved; a parse
 * failure leaves a `failed` revision with the reason, and the upload stays usable for a retry.
 * An upload whose bytes are missing from storage fails the revision UPLOAD_UNAVAILABLE, not
 * PARSE_ERROR: the user's file is not malformed, the deployment lost or cannot reach it.
 */
export async function constructDataset(input: {
  ownerId: string;
  datasetId: string;
  options: ConstructDatasetOptions;
  signal?: AbortSignal;
  onProgress?: ConstructionProgress;
}) {
  const report = input.onProgress ?? (() => {});
  const dataset = await getDatasetOrThrow(input);
  // A node table uploaded with the edge table is used unless the caller names another one, so
  // Build on the Datasets page and the agent's construct_graph both get the node properties.
  const nodesDatasetId = effectiveNodesDatasetId({ options: input.options, dataset });
  const nodesDataset = nodesDatasetId
    ? await getDatasetOrThrow({ ownerId: input.ownerId, datasetId: nodesDatasetId })
    : undefined;
  if (
    nodesDataset &&
    (nodesDataset.projectId !== dataset.projectId ||
      nodesDataset.kind !== "csv" ||
      dataset.kind !== "csv")
  ) {
    throw new InvalidRequestError(
      "A node table must be a CSV dataset of the same project as the CSV edge table.",
    );
  }
  report({ stage: "reading", pct: 0, message: `Reading ${dataset.name}` });
  const construction = await insertBuildingConstruction({
    datasetId: dataset.id,
    ownerId: input.ownerId,
    projectId: dataset.projectId,
    // What it was built with, the node table resolved: the Datasets page shows these choices
    // and a rebuild starts from them.
    options: { ...input.options, nodes_dataset_id: nodesDatasetId ?? null },
  });
  try {
    const onProgress = (fraction: number, stage?: string) =>
      report({
        stage: "parsing",
        pct: 10 + 70 * Math.min(1, Math.max(0, fraction)),
        message: stage ?? `Parsing ${dataset.kind.toUpperCase()}`,
      });
    const { graph, summary } =
      dataset.kind === "postgres"
        ? await constructFromPostgresSource({
            ownerId: input.ownerId,
            datasetId: dataset.id,
            signal: input.signal,
            onProgress,
          })
        : await constructFromUpload({
            dataset: { ...dataset, kind: dataset.kind },
            nodesDataset,
            options: input.options,
            signal: input.signal,
            report,
            onProgress,
          });
    report({
      stage: "saving",
      pct: 85,
      message: `Saving ${summary.nodeCount} nodes and ${summary.edgeCount} edges`,
    });
    const payload = encodeGraph(graph);
    const ready = await markConstructionReady({
      constructionId: construction.id,
      directed: summary.directed,
      nodeCount: summary.nodeCount,
      edgeCount: summary.edgeCount,
      nodeTypes: summary.nodeTypes,
      edgeTypes: summary.edgeTypes,
      schemaSummary: storedSchemaSummary(summary),
      payload: payload.bytes as Uint8Array<ArrayBuffer>,
      payloadFormat: graphPayloadFormat,
      payloadSha256: payload.sha256,
    });
    report({ stage: "done", pct: 100, message: `Saved revision ${ready.revision}` });
    announceRevisionReady({
      ownerId: input.ownerId,
      projectId: dataset.projectId,
      datasetId: dataset.id,
      revision: ready.revision,
    });
    return toConstructionJson(ready);
  } catch (error) {
    const failure = describeFailure(error);
    await markConstructionFailed({
      constructionId: construction.id,
      errorCode: failure.errorCode,
      errorMessage: failure.errorMessage,
      errorLine: failure.errorLine,
      errorColumn: failure.errorColumn,
    });
    throw new ApiError({
      code: failure.errorCode,
      message: failure.errorMessage,
      details: {
        ...failure.details,
        dataset_id: dataset.id,
        construction_revision: construction.revision,
        line: failure.errorLine,
        column: failure.errorColumn,
      },
    });
  }
}

// The engine's failure codes a construction reports as they are; their statuses are the table's.
// INVALID_REQUEST: a chosen weight column found not numeric further down than the request's check
// read.
const engineFailureCodes = [
  "PARSE_ERROR",
  "INVALID_REQUEST",
  "UNSUPPORTED_FILE",
  "PAYLOAD_TOO_LARGE",
  "JOB_CANCELLED",
] as const satisfies readonly ErrorCode[];
type EngineFailureCode = (typeof engineFailureCodes)[number];
// Beside the engine's: the upload's bytes missing from storage (the file is not at fault), and a
// live database source that cannot be read now (moved, login changed, dropped).
type ConstructionFailureCode = EngineFailureCode | "UPLOAD_UNAVAILABLE" | "SOURCE_UNAVAILABLE";

function isEngineFailureCode(code: string): code is EngineFailureCode {
  return (engineFailureCodes as readonly string[]).includes(code);
}

function describeFailure(error: unknown): {
  errorCode: ConstructionFailureCode;
  errorMessage: string;
  errorLine?: number;
  errorColumn?: number;
  details?: Record<string, unknown>;
} {
  if (ApiError.isInstance(error) && error.code === "UPLOAD_UNAVAILABLE") {
    // Which upload is missing: the edge table's or its node table's (`dataset_id` is the former).
    const { dataset_id: unavailable, ...details } = error.details ?? {};
    return {
      errorCode: "UPLOAD_UNAVAILABLE",
      errorMessage: error.message,
      details: { ...details, unavailable_dataset_id: unavailable },
    };
  }
  if (ApiError.isInstance(error) && error.code === "SOURCE_UNAVAILABLE") {
    return { errorCode: "SOURCE_UNAVAILABLE", errorMessage: error.message, details: error.details };
  }
  if (EngineError.isInstance(error) && isEngineFailureCode(error.code)) {
    const details = error.details ?? {};
    return {
      errorCode: error.code,
      details,
      errorMessage: error.message,
      errorLine: typeof details.line === "number" ? details.line : undefined,
      errorColumn: typeof details.column === "number" ? details.column : undefined,
    };
  }
  console.error("construction failed unexpectedly:", error);
  return {
    errorCode: "PARSE_ERROR",
    errorMessage: "The graph could not be built from this file.",
    errorLine: undefined,
    errorColumn: undefined,
  };
}

/** The graph of an uploaded file (and its node table), read from the blob store. */
async function constructFromUpload(input: {
  dataset: Parameters<typeof readStoredUploadText>[0]["dataset"] & {
    kind: Exclude<DatasetKind, "postgres">;
  };
  nodesDataset?: Parameters<typeof readStoredUploadText>[0]["dataset"];
  options: ConstructDatasetOptions;
  signal?: AbortSignal;
  report: ConstructionProgress;
  onProgress: (fraction: number, stage?: string) => void;
}) {
  const { dataset, nodesDataset } = input;
  // From the blob store: the upload may have reached another instance than this worker.
  // Tables and dumps are parsed as text; the other formats' readers take bytes.
  const text = textKinds.has(dataset.kind)
    ? await readStoredUploadText({ dataset })
    : await readStoredUploadBytes({ dataset });
  const nodesText = nodesDataset
    ? await readStoredUploadText({ dataset: nodesDataset })
    : undefined;
  input.report({ stage: "parsing", pct: 10, message: `Parsing ${dataset.kind.toUpperCase()}` });
  return constructGraphOffThread({
    kind: dataset.kind,
    text,
    nodesText,
    options: { directed: input.options.directed, ...engineWeightOptions(input.options) },
    signal: input.signal,
    // Parsing is 10–80 % of the bar; only SQL reports steps inside it (the sandbox's).
    onProgress: input.onProgress,
  });
}
