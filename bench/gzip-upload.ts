// Time and peak RSS of staging a gzip upload as the upload route does: the compressed stream
// through the bounded Gunzip and the content inspector (sha256, UTF-8, NUL, head sample) to a
// file on disk. Memory must stay flat whatever the expanded size.
//
//   npx tsx bench/gzip-upload.ts <file.gz> [maxUncompressedBytes]
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBoundedGunzip } from "../lib/datasets/gzip-upload";
import { createUploadContentInspector } from "../lib/datasets/upload-content";

async function main() {
  const [file, limit] = process.argv.slice(2);
  if (!file) throw new Error("usage: gzip-upload.ts <file.gz> [maxUncompressedBytes]");
  const target = path.join(os.tmpdir(), `gzip-upload-bench-${process.pid}`);
  const inspector = createUploadContentInspector();
  const { gunzip, counter } = createBoundedGunzip({
    filename: path.basename(file),
    maxUncompressedBytes: Number(limit ?? 2 * 1024 ** 3),
    onChunk: (chunk) => inspector.update(chunk),
  });
  const started = performance.now();
  let outcome = "stored";
  try {
    await pipeline(createReadStream(file), gunzip, counter, createWriteStream(target));
  } catch (error) {
    outcome = (error as { code?: string }).code ?? String(error);
  }
  const content = inspector.finish();
  rmSync(target, { force: true });
  console.log(
    JSON.stringify({
      outcome,
      seconds: +((performance.now() - started) / 1000).toFixed(2),
      peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      expandedBytes: content.bytes,
      utf8: content.utf8,
    }),
  );
}

void main();
