import { text } from "node:stream/consumers";
import type { BlobStore } from "./blob-store";

/** A whole blob as UTF-8 text, for callers that parse it whole anyway (model files, CSVs). */
export async function readBlobText(input: { store: BlobStore; key: string }): Promise<string> {
  return text(await input.store.read({ key: input.key }));
}
