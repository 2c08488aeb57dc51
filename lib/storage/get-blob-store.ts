import { type Environment, getEnv } from "@/lib/env";
import type { BlobStore } from "./blob-store";
import { createLocalDiskBlobStore } from "./local-disk-blob-store";
import { createPostgresBlobStore } from "./postgres-blob-store";

// One store per parsed environment: tests that reset the environment get a fresh choice.
const stores = new WeakMap<Environment, BlobStore>();

/** The blob store BLOB_STORE chose (docs/storage.md). */
export function getBlobStore(): BlobStore {
  const env = getEnv();
  let store = stores.get(env);
  if (!store) {
    store =
      env.blobStore === "postgres"
        ? createPostgresBlobStore()
        : createLocalDiskBlobStore({ root: env.dataDirectory });
    stores.set(env, store);
  }
  return store;
}
