/** BLOB_NOT_FOUND: no blob under that key. Callers say NOT_FOUND about their own noun. */
export class BlobNotFoundError extends Error {
  readonly code = "BLOB_NOT_FOUND";
  constructor(readonly key: string) {
    super(`No stored file under ${key}.`);
  }
}
