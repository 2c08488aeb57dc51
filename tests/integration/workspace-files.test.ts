import { createHash, randomUUID } from "node:crypto";
import { access, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { listWorkspaceFiles } from "@/lib/workspace/list-workspace-files";
import { publishDerived } from "@/lib/workspace/publish-derived";
import { getSessionEnvironment, setSessionEnvironment } from "@/lib/workspace/session-environment";
import { viewWorkspaceFile } from "@/lib/workspace/view-workspace-file";
import { workspaceLayout } from "@/lib/workspace/workspace-layout";
import { executeWorkspaceTool } from "@/lib/workspace/workspace-tools";
import { writeEphemeralFile } from "@/lib/workspace/write-ephemeral-file";

const orders = "order_id,customer,amount\n1,alice,10\n2,bob,20\n3,alice,5\n";

async function codeOf(action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    if (WorkspaceError.isInstance(error) || ApiError.isInstance(error)) return error.code;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("workspace files: areas, paths, publishing and environment", () => {
  const previousDataDir = process.env.DATA_DIR;
  let dataDirectory: string;
  let ownerId: string;
  let sessionId: string;
  let datasetId: string;
  let owner: { ownerId: string; sessionId: string };

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "ws-files-"));
    process.env.DATA_DIR = dataDirectory;
    resetEnvForTests();
    ownerId = (await insertUser({ email: `ws-${randomUUID()}@test.local`, displayName: "ws" })).id;
    const projectId = (await createProject({ ownerId, name: "Workspace" })).project_id;
    sessionId = (await createSession({ ownerId, projectId, title: "files" })).session_id;
    const upload = await uploadDataset({
      ownerId,
      projectId,
      file: { filename: "orders.csv", bytes: new TextEncoder().encode(orders) },
    });
    datasetId = upload.dataset_id;
    owner = { ownerId, sessionId };
  });

  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    resetEnvForTests();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it("lays out the four areas under DATA_DIR/workspaces/<owner>/<session>", async () => {
    const { entries, truncated } = await listWorkspaceFiles(owner);
    expect(truncated).toBe(false);
    expect(entries).toContainEqual(
      expect.objectContaining({
        area: "Uploaded",
        path: `${datasetId}/orders.csv`,
        reference: `Uploaded/${datasetId}/orders.csv`,
        dataset_id: datasetId,
        read_only: true,
        bytes: orders.length,
        checksum: createHash("sha256").update(orders).digest("hex"),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ area: "Environment", path: "env.json", read_only: true }),
    );
    const root = path.join(getEnv().dataDirectory, "workspaces", ownerId, sessionId);
    for (const area of ["Uploaded", "Derived", "Environment", "Ephemeral"]) {
      await access(path.join(root, area));
    }
    const onlyUploaded = await listWorkspaceFiles({ ...owner, area: "Uploaded" });
    expect(new Set(onlyUploaded.entries.map((entry) => entry.area))).toEqual(new Set(["Uploaded"]));
  });

  it("views text with a truncation flag and refuses binary files", async () => {
    const full = await viewWorkspaceFile({
      ...owner,
      area: "Uploaded",
      path: `${datasetId}/orders.csv`,
    });
    expect(full).toMatchObject({ content: orders, truncated: false, bytes: orders.length });
    const head = await viewWorkspaceFile({
      ...owner,
      area: "Uploaded",
      path: `${datasetId}/orders.csv`,
      maxBytes: 10,
    });
    expect(head).toMatchObject({ content: orders.slice(0, 10), truncated: true });
    await writeEphemeralFile({ ...owner, path: "blob.bin", bytes: new Uint8Array([0x89, 0, 1]) });
    expect(
      await codeOf(() => viewWorkspaceFile({ ...owner, area: "Ephemeral", path: "blob.bin" })),
    ).toBe("BINARY_FILE");
    expect(
      await codeOf(() => viewWorkspaceFile({ ...owner, area: "Ephemeral", path: "none.txt" })),
    ).toBe("NOT_FOUND");
  });

  it("refuses traversal, absolute paths and NUL bytes", async () => {
    for (const [area, relative] of [
      ["Uploaded", "../../etc/passwd"],
      ["Ephemeral", "../../../../../../etc/passwd"],
      ["Ephemeral", "/etc/passwd"],
      ["Derived", "a\0b"],
    ] as const) {
      expect(await codeOf(() => viewWorkspaceFile({ ...owner, area, path: relative }))).toBe(
        "PATH_NOT_ALLOWED",
      );
    }
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_view_file",
      args: { path: "Uploaded/../../etc/passwd" },
    });
    expect(envelope).toMatchObject({ success: false, error_code: "PATH_NOT_ALLOWED" });
    expect(
      await codeOf(() =>
        writeEphemeralFile({ ...owner, path: "../escape.txt", bytes: new Uint8Array(1) }),
      ),
    ).toBe("PATH_NOT_ALLOWED");
  });

  it("refuses reading and writing through a link planted in Ephemeral that leads to /etc", async () => {
    const ephemeral = workspaceLayout(owner).areas.Ephemeral;
    await symlink("/etc", path.join(ephemeral, "etc-link"));
    await symlink("/etc/passwd", path.join(ephemeral, "passwd-link"));
    for (const relative of ["etc-link/passwd", "passwd-link", "etc-link"]) {
      expect(
        await codeOf(() => viewWorkspaceFile({ ...owner, area: "Ephemeral", path: relative })),
      ).toBe("PATH_NOT_ALLOWED");
    }
    for (const relative of ["etc-link/workspace-evil.txt", "passwd-link"]) {
      expect(
        await codeOf(() =>
          writeEphemeralFile({ ...owner, path: relative, bytes: new Uint8Array([1]) }),
        ),
      ).toBe("PATH_NOT_ALLOWED");
    }
    await expect(access("/etc/workspace-evil.txt")).rejects.toThrow();
    expect(
      await codeOf(() => publishDerived({ ...owner, from: "etc-link/passwd", to: "stolen.txt" })),
    ).toBe("PATH_NOT_ALLOWED");
    const listed = await listWorkspaceFiles({ ...owner, area: "Ephemeral" });
    expect(listed.entries.find((entry) => entry.path === "etc-link")?.kind).toBe("symlink");
    expect(listed.entries.some((entry) => entry.path.startsWith("etc-link/"))).toBe(false);
  });

  it("publishes new immutable versions and never overwrites the first", async () => {
    const written = await writeEphemeralFile({
      ...owner,
      path: "work/top.csv",
      bytes: new TextEncoder().encode("alice,15\n"),
    });
    const first = await publishDerived({ ...owner, from: "Ephemeral/work/top.csv", to: "top.csv" });
    expect(first).toMatchObject({
      version: 1,
      reference: "Derived/top.csv@v1",
      checksum: written.checksum,
      published_from_id: written.file_id,
    });
    await writeEphemeralFile({
      ...owner,
      path: "work/top.csv",
      bytes: new TextEncoder().encode("alice,15\nbob,20\n"),
    });
    const second = await publishDerived({ ...owner, from: "work/top.csv", to: "top.csv" });
    expect(second.version).toBe(2);
    expect(second.checksum).not.toBe(first.checksum);
    const derived = workspaceLayout(owner).areas.Derived;
    expect(await readFile(path.join(derived, "top.csv@v1"), "utf8")).toBe("alice,15\n");
    expect(await readFile(path.join(derived, "top.csv@v2"), "utf8")).toBe("alice,15\nbob,20\n");
    const newest = await viewWorkspaceFile({ ...owner, area: "Derived", path: "top.csv" });
    expect(newest).toMatchObject({ version: 2, path: "top.csv@v2" });
    const older = await viewWorkspaceFile({ ...owner, area: "Derived", path: "top.csv@v1" });
    expect(older.content).toBe("alice,15\n");
    const rows = await listWorkspaceFileRows({ ownerId, sessionId, area: "Derived" });
    expect(rows.map((row) => [row.path, row.version])).toEqual([
      ["top.csv", 1],
      ["top.csv", 2],
    ]);
    const listed = await listWorkspaceFiles({ ...owner, area: "Derived" });
    expect(listed.entries.map((entry) => entry.reference)).toEqual([
      "Derived/top.csv@v1",
      "Derived/top.csv@v2",
    ]);
  });

  it("publishes only from Ephemeral, under names without a version suffix", async () => {
    expect(
      await codeOf(() =>
        publishDerived({ ...owner, from: `Uploaded/${datasetId}/orders.csv`, to: "o.csv" }),
      ),
    ).toBe("PATH_NOT_ALLOWED");
    expect(
      await codeOf(() => publishDerived({ ...owner, from: "work/top.csv", to: "top.csv@v9" })),
    ).toBe("PATH_NOT_ALLOWED");
    expect(
      await codeOf(() => publishDerived({ ...owner, from: "work/none.csv", to: "x.csv" })),
    ).toBe("NOT_FOUND");
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_publish_file",
      args: { from: "Ephemeral/work/top.csv", to: "reports/top.csv" },
    });
    expect(envelope).toMatchObject({
      success: true,
      data: { version: 1, reference: "Derived/reports/top.csv@v1" },
    });
  });

  it("keeps session variables in Session.state without touching its other keys", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`UPDATE sessions SET state = $1::jsonb WHERE id = $2`, [
        JSON.stringify({ data_state: { revision: 3 } }),
        sessionId,
      ]);
      const result = await setSessionEnvironment({
        ...owner,
        variables: { TOP_K: "5", API_TOKEN: "tok-secret" },
      });
      expect(result).toEqual({ names: ["API_TOKEN", "TOP_K"], count: 2 });
      const removed = await executeWorkspaceTool({
        ...owner,
        toolName: "workspace_set_environment",
        args: { variables: { API_TOKEN: null, THRESHOLD: "0.5" } },
      });
      expect(removed).toMatchObject({ success: true, data: { names: ["THRESHOLD", "TOP_K"] } });
      expect(JSON.stringify(removed)).not.toContain("0.5");
      expect(await getSessionEnvironment(owner)).toEqual({ THRESHOLD: "0.5", TOP_K: "5" });
      const state = await client.query(`SELECT state FROM sessions WHERE id = $1`, [sessionId]);
      expect(state.rows[0].state).toEqual({
        data_state: { revision: 3 },
        workspace_environment: { THRESHOLD: "0.5", TOP_K: "5" },
      });
    } finally {
      await client.end();
    }
    const file = await viewWorkspaceFile({ ...owner, area: "Environment", path: "env.json" });
    expect(JSON.parse(file.content)).toEqual({ variables: { THRESHOLD: "0.5", TOP_K: "5" } });
    expect(
      await codeOf(() => setSessionEnvironment({ ...owner, variables: { LD_PRELOAD: "/x.so" } })),
    ).toBe("INVALID_REQUEST");
    expect(await codeOf(() => setSessionEnvironment({ ...owner, variables: { bad: "x" } }))).toBe(
      "INVALID_REQUEST",
    );
    expect(
      await codeOf(() =>
        writeEphemeralFile({ ...owner, path: "Environment/env.json", bytes: new Uint8Array(1) }),
      ),
    ).toBe("PATH_NOT_ALLOWED");
  });

  it("hides another owner's session (NOT_FOUND), also through the tools", async () => {
    const stranger = (
      await insertUser({ email: `ws-${randomUUID()}@test.local`, displayName: "x" })
    ).id;
    const other = { ownerId: stranger, sessionId };
    expect(await codeOf(() => listWorkspaceFiles(other))).toBe("NOT_FOUND");
    expect(await codeOf(() => getSessionEnvironment(other))).toBe("NOT_FOUND");
    expect(await codeOf(() => setSessionEnvironment({ ...other, variables: { A: "1" } }))).toBe(
      "NOT_FOUND",
    );
    const envelope = await executeWorkspaceTool({
      ...other,
      toolName: "workspace_list_files",
      args: {},
    });
    expect(envelope).toMatchObject({ success: false, error_code: "NOT_FOUND" });
  });
});
