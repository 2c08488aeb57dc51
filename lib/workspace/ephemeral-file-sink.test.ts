import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { createEphemeralFileSink } from "./ephemeral-file-sink";
import { type WorkspaceLayout, workspaceAreas, workspaceLayout } from "./workspace-layout";

describe("createEphemeralFileSink", () => {
  let dataDirectory: string;
  let layout: WorkspaceLayout;
  const previousDataDir = process.env.DATA_DIR;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "ws-sink-"));
    process.env.DATA_DIR = dataDirectory;
    resetEnvForTests();
    layout = workspaceLayout({ ownerId: "owner-1", sessionId: "session-1" });
    for (const area of workspaceAreas) await mkdir(layout.areas[area], { recursive: true });
    await mkdir(layout.scratch, { recursive: true });
    await symlink("/etc", path.join(layout.areas.Ephemeral, "etc-link"));
  });

  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    resetEnvForTests();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  async function refusal(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      if (WorkspaceError.isInstance(error)) return error.code;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("discards output over the limit instead of truncating it", async () => {
    const sink = await createEphemeralFileSink({ layout, path: "big.txt", maxBytes: 10 });
    expect(await refusal(() => sink.consume(Readable.from([Buffer.alloc(20, 97)])))).toBe(
      "OUTPUT_TOO_LARGE",
    );
    await sink.discard();
    expect(await readdir(layout.areas.Ephemeral)).not.toContain("big.txt");
    expect(await readdir(layout.scratch)).toEqual([]);
  });

  it("refuses targets outside Ephemeral or through a link out of it", async () => {
    for (const target of ["Derived/x.csv", "Uploaded/x", "Environment/env.json", "/tmp/x"]) {
      expect(
        await refusal(() => createEphemeralFileSink({ layout, path: target, maxBytes: 10 })),
      ).toBe("PATH_NOT_ALLOWED");
    }
    expect(
      await refusal(() => createEphemeralFileSink({ layout, path: "etc-link/evil", maxBytes: 10 })),
    ).toBe("PATH_NOT_ALLOWED");
  });
});
