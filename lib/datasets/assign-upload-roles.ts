import { InvalidRequestError } from "@/lib/errors/http-errors";
import type { StagedFile, UploadForm } from "./stream-upload-form";
import { headLooksLikeNodeTable } from "./upload-pairs";

/** One file part of an upload request, in the order it arrived. */
export type UploadFilePart = { field: "file" | "nodes"; order: number; file: StagedFile };

/**
 * Which file is the edge table and which its node table. `file` + `nodes` says so itself. With
 * two `file` parts the shape decides, because browsers and scripts attach files in any order: a
 * node table has an id column (`id`, `node`, `key`, …) and no source/target column; when
 * exactly one of the two looks like that it is the node table, otherwise the first part is the
 * edge table and the second the node table.
 */
export function assignUploadRoles(input: { files: UploadFilePart[]; name?: string }): UploadForm {
  const edges = input.files.filter((part) => part.field === "file");
  const nodes = input.files.filter((part) => part.field === "nodes");
  if (edges.length === 0) {
    throw new InvalidRequestError('The upload has no file in the field named "file".');
  }
  if (nodes.length > 0) return { file: edges[0].file, nodes: nodes[0].file, name: input.name };
  if (edges.length === 1) return { file: edges[0].file, name: input.name };
  const [first, second] = edges;
  const swap = looksLikeNodeTable(first.file) && !looksLikeNodeTable(second.file);
  return swap
    ? { file: second.file, nodes: first.file, name: input.name }
    : { file: first.file, nodes: second.file, name: input.name };
}

/** A header row with an id column and no endpoint column. */
export function looksLikeNodeTable(file: StagedFile): boolean {
  return headLooksLikeNodeTable(new TextDecoder().decode(file.content.head));
}
