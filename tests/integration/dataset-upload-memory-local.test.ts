import { describeUploadMemory } from "../support/upload-memory";

// The PostgreSQL store's bounds (dataset-upload-memory-postgres.test.ts says why): the local
// store renames the staged file in (its own part is ~0) and reads through a file stream.
describeUploadMemory({ kind: "local", bounds: { upload: 48, storeUpload: 8, download: 64 } });
