import "server-only";
import { readFile } from "node:fs/promises";
import { NotFoundError } from "@/lib/errors/http-errors";
import { downloadHeaders } from "@/lib/http/attachment-headers";
import { getModelOrThrow } from "./get-model-or-throw";
import { resolveModelFilePath } from "./model-storage";

/**
 * A model file as a download: owner-checked through its record (a foreign id is NOT_FOUND), the
 * path is the record's server-built one checked to stay under DATA_DIR/models, and the offered
 * name is built from the model id and algorithm only.
 */
export async function downloadModelFile(input: {
  ownerId: string;
  modelId: string;
}): Promise<Response> {
  const row = await getModelOrThrow(input);
  if (!row.filePath) throw new NotFoundError(`The file of model ${row.id}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(resolveModelFilePath({ relativePath: row.filePath }));
  } catch {
    throw new NotFoundError(`The file of model ${row.id}`);
  }
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: downloadHeaders({
      name: `model-${row.algorithm}-${row.id}.json`,
      contentType: "application/json",
      bytes: bytes.byteLength,
    }),
  });
}
