import { describeUploadMemory } from "../support/upload-memory";

// The target: a 95 MiB upload raises the app's peak RSS by at most ~20 MiB. The store's own part
// (streaming the staged file into PostgreSQL) allocates nothing per chunk and measures +0 to
// +0.4 MiB; an INSERT per chunk measured +10 to +22, so 8 fails that every time yet leaves a
// loaded machine 20 times the room it needs. The whole request measures +8 to +27: it also holds
// the body's fresh 64 KiB buffers, which V8 frees in batches (a scavenge once 32 MiB of them
// pile up, docs/storage.md), so its bound sits above that batch, at 48; a download's garbage
// batches the same way (+23 to +45), so 64. Both stay under the 95 MiB that holding the file
// would take.
describeUploadMemory({ kind: "postgres", bounds: { upload: 48, storeUpload: 8, download: 64 } });
