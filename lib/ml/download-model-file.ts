import "server-only";
import { Readable } from "node:stream";
import { NotFoundError } from "@/lib/errors/http-errors";
import { downloadHeaders } from "@/lib/http/attachment-headers";
import { getModelOrThrow } from "./get-model-or-throw";
import { openModelFile, statModelFile } from "./model-storage";

/**
 * A model file as a download: owner-checked through its record (a foreign id is NOT_FOUND), the
 * key is the record's server-built one checked to stay under models/, the bytes stream from the
 * blob store (any instance serves a model any worker trained), and the offered name is built
 * from the model id and algorithm only.
 */
export async function downloadModelFile(input: {
  ownerId: string;
  modelId: string;
}): Promise<Response> {
  const row = await getModelOrThrow(input);
  if (!row.filePath) throw new NotFoundError(`The file of model ${row.id}`);
  let content: Readable;
  let bytes: number;
  try {
    const found = await statModelFile({ relativePath: row.filePath });
    if (!found) throw new NotFoundError(`The file of model ${row.id}`);
    bytes = found.bytes;
    content = await openModelFile({ relativePath: row.filePath });
  } catch {
    throw new NotFoundError(`The file of model ${row.id}`);
  }
  return new Response(Readable.toWeb(content) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: downloadHeaders({
      name: `model-${row.algorithm}-${row.id}.json`,
      contentType: "application/json",
      bytes,
    }),
  });
}
