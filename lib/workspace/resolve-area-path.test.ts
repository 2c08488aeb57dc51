import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { resolveAreaPath } from "./resolve-area-path";
import { type WorkspaceLayout, workspaceAreas, workspaceLayout } from "./workspace-layout";
import type { WorkspaceReference } from "./workspace-reference";

describe("resolveAreaPath", () => {
  let dataDirectory: string;
  let outside: string;
  let layout: WorkspaceLayout;
  const previousDataDir = process.env.DATA_DIR;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "ws-resolve-"));
    outside = await mkdtemp(path.join(tmpdir(), "ws-outside-"));
    process.env.DATA_DIR = dataDirectory;
    resetEnvForTests();
    layout = workspaceLayout({ ownerId: "owner-1", sessionId: "session-1" });
    for (const area of workspaceAreas) await mkdir(layout.areas[area], { recursive: true });
    const ephemeral = layout.areas.Ephemeral;
    await writeFile(path.join(outside, "secret.txt"), "secret");
    await writeFile(path.join(ephemeral, "data.csv"), "a,b\n");
    await mkdir(path.join(ephemeral, "nested"));
    await symlink(outside, path.join(ephemeral, "out-dir"));
    await symlink(path.join(outside, "secret.txt"), path.join(ephemeral, "out-file"));
    await symlink(path.join(outside, "missing.txt"), path.join(ephemeral, "dangling"));
    await symlink("data.csv", path.join(ephemeral, "in-file"));
    await symlink("nested", path.join(ephemeral, "in-dir"));
    await symlink("../Uploaded", path.join(ephemeral, "to-uploaded"));
    await writeFile(path.join(layout.areas.Derived, "r.csv@v1"), "1");
    await writeFile(path.join(layout.areas.Derived, "r.csv@v2"), "2");
  });

  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    resetEnvForTests();
    await rm(dataDirectory, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const resolve = (reference: WorkspaceReference, purpose: "read" | "write" = "read") =>
    resolveAreaPath({ layout, reference, purpose });

  async function refusal(reference: WorkspaceReference, purpose: "read" | "write" = "read") {
    try {
      await resolve(reference, purpose);
    } catch (error) {
      if (WorkspaceError.isInstance(error)) return error.code;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("resolves plain files, folders and missing paths inside the area", async () => {
    const file = await resolve({ area: "Ephemeral", path: "data.csv" });
    expect(file.kind).toBe("file");
    expect(file.absolute.endsWith(path.join("Ephemeral", "data.csv"))).toBe(true);
    expect((await resolve({ area: "Ephemeral", path: "nested" })).kind).toBe("directory");
    expect((await resolve({ area: "Ephemeral", path: "new/deep/file.txt" })).kind).toBe("missing");
    expect((await resolve({ area: "Ephemeral", path: "data.csv/below" })).kind).toBe("missing");
  });

  it("follows links that stay inside the area", async () => {
    expect((await resolve({ area: "Ephemeral", path: "in-file" })).kind).toBe("file");
    const viaDir = await resolve({ area: "Ephemeral", path: "in-dir/new.txt" }, "write");
    expect(viaDir.absolute.endsWith(path.join("Ephemeral", "nested", "new.txt"))).toBe(true);
  });

  it.each([
    ["a folder link out of the area", "out-dir/secret.txt"],
    ["a file link out of the area", "out-file"],
    ["a dangling link", "dangling"],
    ["a link into another area", "to-uploaded"],
    ["a new file below a folder link out of the area", "out-dir/new.txt"],
  ])("refuses %s for reading and writing", async (_label, relative) => {
    expect(await refusal({ area: "Ephemeral", path: relative })).toBe("PATH_NOT_ALLOWED");
    expect(await refusal({ area: "Ephemeral", path: relative }, "write")).toBe("PATH_NOT_ALLOWED");
  });

  it("refuses writing through a link as the last component and into read-only areas", async () => {
    expect(await refusal({ area: "Ephemeral", path: "in-file" }, "write")).toBe("PATH_NOT_ALLOWED");
    for (const area of ["Uploaded", "Derived", "Environment"] as const) {
      expect(await refusal({ area, path: "x.txt" }, "write")).toBe("PATH_NOT_ALLOWED");
    }
  });

  it("resolves a Derived name to its newest version unless one is named", async () => {
    const newest = await resolve({ area: "Derived", path: "r.csv" });
    expect(newest).toMatchObject({ path: "r.csv@v2", version: 2, kind: "file" });
    const first = await resolve({ area: "Derived", path: "r.csv@v1" });
    expect(first).toMatchObject({ path: "r.csv@v1", version: 1, kind: "file" });
    expect((await resolve({ area: "Derived", path: "other.csv" })).kind).toBe("missing");
  });
});
