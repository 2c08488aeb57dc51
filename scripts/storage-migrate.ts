// `npm run storage:migrate`: copies every stored file of DATA_DIR (uploads, model files, skills,
// published workspace files) into the PostgreSQL blob store of DATABASE_URL (or of the embedded
// database when unset). Idempotent: run it again to resume or to check. Then start the app with
// BLOB_STORE=postgres (the default whenever DATABASE_URL is set). See docs/storage.md.
import { closeDatabaseConnection, getDatabaseConnection } from "../lib/db/database-connection";
import { closeBlobPool } from "../lib/db/queries/blobs";
import { getEnv } from "../lib/env";
import { copyDataDirectory } from "../lib/storage/copy-data-directory";
import { createPostgresBlobStore } from "../lib/storage/postgres-blob-store";

const mebibytes = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

async function main() {
  const env = getEnv();
  const connection = await getDatabaseConnection();
  console.info(`storage:migrate: ${env.dataDirectory} → PostgreSQL (${connection.mode} database)`);
  const started = performance.now();
  let lastLine = 0;
  const result = await copyDataDirectory({
    dataDirectory: env.dataDirectory,
    target: createPostgresBlobStore(),
    onProgress: (progress) => {
      const now = performance.now();
      // One line a second at most (and the last one), so a big directory does not flood the log.
      if (now - lastLine < 1000 && progress.files < progress.totalFiles) return;
      lastLine = now;
      console.info(
        `storage:migrate: ${progress.files}/${progress.totalFiles} files, ` +
          `${mebibytes(progress.bytes)}/${mebibytes(progress.totalBytes)} MiB ` +
          `(${progress.copied} copied, ${progress.skipped} already there)`,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `storage:migrate: done in ${seconds.toFixed(1)} s: ${result.copied} copied, ` +
      `${result.skipped} already there, ${result.totalFiles} files, ${mebibytes(result.totalBytes)} MiB`,
  );
}

main()
  .then(async () => {
    await closeBlobPool();
    await closeDatabaseConnection();
  })
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeBlobPool().catch(() => {});
    await closeDatabaseConnection();
    process.exit(1);
  });
