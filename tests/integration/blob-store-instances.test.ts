import { randomUUID } from "node:crypto";
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { openModelFile, statModelFile, writeModelFile } from "@/lib/ml/model-storage";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { createSkill } from "@/lib/skills/create-skill";
import { loadRunSkills } from "@/lib/skills/load-run-skills";
import { readRunSkill } from "@/lib/skills/read-run-skill";
import { downloadWorkspaceFile } from "@/lib/workspace/download-workspace-file";
import { listWorkspaceFiles } from "@/lib/workspace/list-workspace-files";
import { publishDerived } from "@/lib/workspace/publish-derived";
import { workspaceLayout } from "@/lib/workspace/workspace-layout";
import { writeEphemeralFile } from "@/lib/workspace/write-ephemeral-file";
import { skillMarkdown } from "../support/skill-api";

const edges = "source,target\na,b\nb,c\nc,a\n";

/**
 * Two app instances with their own DATA_DIR on one PostgreSQL (BLOB_STORE=postgres): what one
 * stores, the other serves — the files of issue 21's acceptance, without a second process
 * (switching DATA_DIR is what tells the instances apart on disk).
 */
describe("two instances, different DATA_DIRs, one PostgreSQL blob store", () => {
  const previous = { DATA_DIR: process.env.DATA_DIR, BLOB_STORE: process.env.BLOB_STORE };
  const directories: Record<"a" | "b", string> = { a: "", b: "" };
  let ownerId: string;
  let projectId: string;
  let sessionId: string;

  const become = (instance: "a" | "b") => {
    process.env.DATA_DIR = directories[instance];
    process.env.BLOB_STORE = "postgres";
    resetEnvForTests();
  };

  beforeAll(async () => {
    directories.a = await mkdtemp(path.join(tmpdir(), "instance-a-"));
    directories.b = await mkdtemp(path.join(tmpdir(), "instance-b-"));
    become("a");
    ownerId = (await insertUser({ email: `two-${randomUUID()}@test.local`, displayName: "t" })).id;
    projectId = (await createProject({ ownerId, name: "Two instances" })).project_id;
    sessionId = (await createSession({ ownerId, projectId, title: "two" })).session_id;
  });

  afterAll(async () => {
    process.env.DATA_DIR = previous.DATA_DIR;
    if (previous.BLOB_STORE === undefined) delete process.env.BLOB_STORE;
    else process.env.BLOB_STORE = previous.BLOB_STORE;
    resetEnvForTests();
    await rm(directories.a, { recursive: true, force: true });
    await rm(directories.b, { recursive: true, force: true });
  });

  it("an upload through A is built, mirrored and downloaded on B", async () => {
    become("a");
    const dataset = await uploadDataset({
      ownerId,
      projectId,
      file: { filename: "edges.csv", bytes: new TextEncoder().encode(edges) },
    });
    // Nothing of it on A's disk: the bytes are in the database.
    await expect(
      access(path.join(directories.a, "uploads", ownerId, `${dataset.dataset_id}.csv`)),
    ).rejects.toThrow();

    become("b");
    const built = await constructDataset({
      ownerId,
      datasetId: dataset.dataset_id,
      options: { directed: true },
    });
    expect(built).toMatchObject({ node_count: 3, edge_count: 3 });
    const download = await downloadWorkspaceFile({ ownerId, fileId: dataset.dataset_id });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(edges);
    const { entries } = await listWorkspaceFiles({ ownerId, sessionId });
    const mirrored = entries.find((entry) => entry.area === "Uploaded" && entry.kind === "file");
    expect(mirrored).toBeDefined();
    const layout = workspaceLayout({ ownerId, sessionId });
    expect(layout.root.startsWith(directories.b)).toBe(true);
  });

  it("a file published on A downloads from B and appears in B's Derived area", async () => {
    become("a");
    await writeEphemeralFile({
      ownerId,
      sessionId,
      path: "top.csv",
      bytes: new TextEncoder().encode("node,score\na,1\n"),
    });
    const published = await publishDerived({ ownerId, sessionId, from: "top.csv", to: "top.csv" });

    become("b");
    const download = await downloadWorkspaceFile({ ownerId, fileId: published.file_id });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("node,score\na,1\n");
    await listWorkspaceFiles({ ownerId, sessionId });
    const derivedOnB = workspaceLayout({ ownerId, sessionId }).areas.Derived;
    expect(derivedOnB.startsWith(directories.b)).toBe(true);
    const files = await readFile(path.join(derivedOnB, "top.csv@v1"), "utf8");
    expect(files).toBe("node,score\na,1\n");
  });

  it("a model file written on A reads on B; a skill created on A is offered on B", async () => {
    become("a");
    const modelId = randomUUID();
    // Any JSON does for the store; training writes a real model file the same way.
    const modelFile = { format: "graph-workbench/ml-model", weights: [1, 2, 3] } as never;
    const written = await writeModelFile({ ownerId, modelId, file: modelFile });
    await createSkill({
      ownerId,
      name: "cross-instance",
      content: skillMarkdown({ name: "cross-instance", body: "# Across\n" }),
      target: "user",
    });

    become("b");
    expect(await statModelFile({ relativePath: written.relativePath })).toMatchObject({
      bytes: written.bytes,
    });
    expect(await text(await openModelFile({ relativePath: written.relativePath }))).toBe(
      JSON.stringify(modelFile),
    );
    const skills = await loadRunSkills({ ownerId });
    expect(skills.map((skill) => skill.name)).toContain("cross-instance");
    const read = await readRunSkill({ skills, name: "cross-instance" });
    expect(read).toMatchObject({
      success: true,
      data: { content: expect.stringContaining("# Across") },
    });
  });
});
