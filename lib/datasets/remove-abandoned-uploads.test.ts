import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { removeAbandonedUploads } from "./remove-abandoned-uploads";

const saved = { ...process.env };
let dataDirectory: string;
let incoming: string;

beforeEach(async () => {
  dataDirectory = await mkdtemp(path.join(os.tmpdir(), "wb-incoming-"));
  incoming = path.join(dataDirectory, "uploads", ".incoming");
  await mkdir(incoming, { recursive: true });
  process.env = { ...saved, DATA_DIR: dataDirectory };
  resetEnvForTests();
});

afterEach(async () => {
  process.env = { ...saved };
  resetEnvForTests();
  await rm(dataDirectory, { recursive: true, force: true });
});

describe("removeAbandonedUploads", () => {
  it("deletes partial uploads a dead process left, keeps one still being written", async () => {
    const old = path.join(incoming, "a.partial");
    const fresh = path.join(incoming, "b.partial");
    const other = path.join(incoming, "notes.txt");
    for (const file of [old, fresh, other]) await writeFile(file, "x");
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(old, anHourAgo, anHourAgo);
    await utimes(other, anHourAgo, anHourAgo);

    expect(await removeAbandonedUploads()).toEqual({ removed: 1 });
    expect((await readdir(incoming)).sort()).toEqual(["b.partial", "notes.txt"]);
  });

  it("does nothing when no upload ever started", async () => {
    await rm(incoming, { recursive: true });
    expect(await removeAbandonedUploads()).toEqual({ removed: 0 });
  });
});
