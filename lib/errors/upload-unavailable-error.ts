import { ApiError } from "./api-error";

/**
 * UPLOAD_UNAVAILABLE: a dataset whose row exists but whose uploaded bytes are not in the blob
 * store this instance reads. The file itself is fine, so this is never PARSE_ERROR: either the
 * stored file was removed, or it went to another instance's local disk (BLOB_STORE=local on a
 * deployment of several instances). The message says which dataset and what to do; it never
 * names the storage key (a server path).
 */
export class UploadUnavailableError extends ApiError {
  constructor(input: {
    datasetId: string;
    datasetName: string;
    fileName: string;
    /** The store this instance reads (BLOB_STORE), which decides the likely cause named. */
    blobStore: "local" | "postgres";
  }) {
    const cause =
      input.blobStore === "local"
        ? "Either it was removed, or it was uploaded through another instance whose local disk this one cannot read: instances that share a database must also share files (BLOB_STORE=postgres)."
        : "Either it was removed, or it was uploaded by an instance that kept it on its local disk (BLOB_STORE=local): every instance must use BLOB_STORE=postgres, and files already on a disk can be moved in with `npm run storage:migrate`.";
    super({
      code: "UPLOAD_UNAVAILABLE",
      message: `The file of dataset "${input.datasetName}" (${input.fileName}) is missing from storage, so it cannot be read. ${cause} Otherwise upload the file again.`,
      details: {
        dataset_id: input.datasetId,
        file_name: input.fileName,
        blob_store: input.blobStore,
      },
    });
  }
}
