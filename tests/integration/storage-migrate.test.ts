import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { type CopyProgress, copyDataDirectory } from "@/lib/storage/copy-data-directory";
import { createPostgresBlobStore } from "@/lib/storage/postgres-blob-store";

let dataDirectory: string;

afterAll(async () => {
  if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
});

describe("npm run storage:migrate (copyDataDirectory)", () => {
  it("copies every stored file into PostgreSQL once, and skips them on a second run", async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "migrate-"));
    const owner = randomUUID();
    const files: Record<string, string> = {
      [`uploads/${owner}/d1.csv`]: "source,target\na,b\n",
      [`models/${owner}/m1.json`]: '{"weights":[]}',
      [`skills/users/${owner}/my-skill/v1/SKILL.md`]: "---\nname: my-skill\n---\n",
      [`workspaces/${owner}/s1/Derived/report.v1.md`]: "# report",
      // Not stored files: uploads in progress, scratch areas, the embedded database.
      [`uploads/.incoming/${randomUUID()}.partial`]: "half",
      [`workspaces/${owner}/s1/Ephemeral/scratch.txt`]: "scratch",
      "postgres/PG_VERSION": "15",
    };
    for (const [key, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDirectory, key)), { recursive: true });
      await writeFile(path.join(dataDirectory, key), content);
    }
    const target = createPostgresBlobStore();
    const lines: CopyProgress[] = [];
    const first = await copyDataDirectory({
      dataDirectory,
      target,
      onProgress: (progress) => lines.push(progress),
    });
    expect(first).toMatchObject({ totalFiles: 4, copied: 4, skipped: 0, files: 4 });
    expect(lines.map((line) => line.files)).toEqual([1, 2, 3, 4]);
    for (const key of Object.keys(files).slice(0, 4)) {
      expect(await text(await target.read({ key }))).toBe(files[key]);
    }
    expect(await target.stat({ key: `workspaces/${owner}/s1/Ephemeral/scratch.txt` })).toBe(
      undefined,
    );

    await writeFile(path.join(dataDirectory, `models/${owner}/m1.json`), '{"weights":[1]}');
    const second = await copyDataDirectory({ dataDirectory, target });
    expect(second).toMatchObject({ totalFiles: 4, copied: 1, skipped: 3 });
    expect(await text(await target.read({ key: `models/${owner}/m1.json` }))).toBe(
      '{"weights":[1]}',
    );
    await target.deletePrefix({ prefix: `uploads/${owner}/` });
    await target.deletePrefix({ prefix: `models/${owner}/` });
    await target.deletePrefix({ prefix: `skills/users/${owner}/` });
    await target.deletePrefix({ prefix: `workspaces/${owner}/` });
  });
});
