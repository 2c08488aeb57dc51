import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as constructionsRoute from "@/app/api/datasets/[dataset_id]/constructions/route";
import * as filesRoute from "@/app/api/files/[file_id]/route";
import * as jobRoute from "@/app/api/jobs/[job_id]/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { createProject } from "@/lib/projects/create-project";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { actingAs, routeContext } from "../support/route-request";

// An upload whose bytes are gone from the blob store (removed, or kept on another instance's
// disk) is a storage problem, not a malformed file: building it — at once or in a job —,
// rebuilding it and downloading it answer UPLOAD_UNAVAILABLE naming the dataset, the revision
// ends `failed` with that code and no payload, and a really malformed file still says
// PARSE_ERROR. Run against both blob stores.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const karateEdges = await readFile(path.join(fixtures, "karate_edges.csv"));
const karateNodes = await readFile(path.join(fixtures, "karate_nodes.csv"));
const malformed = new TextEncoder().encode('source,target\nn1,n2\n"n3,n4\n');

const previousEnv = {
  BLOB_STORE: process.env.BLOB_STORE,
  CONSTRUCT_ASYNC_MIN_BYTES: process.env.CONSTRUCT_ASYNC_MIN_BYTES,
};

function setEnv(name: keyof typeof previousEnv, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

let userId: string;
let projectId: string;

beforeAll(async () => {
  userId = (await insertUser({ email: `gone-${randomUUID()}@test.local`, displayName: "g" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Missing uploads" })).project_id;
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
});

afterAll(async () => {
  for (const name of Object.keys(previousEnv) as (keyof typeof previousEnv)[]) {
    setEnv(name, previousEnv[name]);
  }
  resetEnvForTests();
  await stopJobWorker();
  await closeJobQueue();
});

async function upload(input: { filename: string; bytes: Uint8Array; name?: string }) {
  return uploadDataset({
    ownerId: userId,
    projectId,
    name: input.name,
    file: { filename: input.filename, bytes: input.bytes },
  });
}

/** Deletes a dataset's stored bytes, keeping its row: what a lost or unreachable file looks like. */
async function deleteStoredBytes(datasetId: string) {
  const db = await getDb();
  const row = await db.dataset.findUniqueOrThrow({ where: { id: datasetId } });
  await getBlobStore().delete({ key: row.storagePath });
  expect(await getBlobStore().stat({ key: row.storagePath })).toBeUndefined();
  return row.storagePath;
}

async function construct(datasetId: string) {
  const response = await constructRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({}),
    }),
    routeContext({ dataset_id: datasetId }),
  );
  return { status: response.status, body: await response.json() };
}

async function datasetRow(datasetId: string) {
  const response = await datasetsRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ project_id: projectId }),
  );
  const { datasets } = await response.json();
  return datasets.find((dataset: { dataset_id: string }) => dataset.dataset_id === datasetId);
}

async function revisions(datasetId: string) {
  const response = await constructionsRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ dataset_id: datasetId }),
  );
  return (await response.json()).constructions as {
    revision: number;
    status: string;
    error: { code: string; message: string } | null;
  }[];
}

async function storedPayloads(datasetId: string) {
  const db = await getDb();
  const rows = await db.construction.findMany({ where: { datasetId } });
  return rows.map((row) => ({ status: row.status, payload: row.payload }));
}

async function followJob(jobId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await jobRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ job_id: jobId }),
    );
    const body = await response.json();
    if (["done", "failed", "cancelled"].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function expectUnavailableMessage(message: string, input: { name: string; file: string }) {
  expect(message).toContain(`"${input.name}"`);
  expect(message).toContain(input.file);
  expect(message).toMatch(/missing from storage/);
  expect(message).toContain("BLOB_STORE=postgres");
  // Nothing internal: no storage key, no data directory, no stack.
  expect(message).not.toMatch(/uploads\/|\.data|DATA_DIR|\bat \w+ \(/);
  expect(message).not.toMatch(/could not be built from this file|malformed/i);
}

describe.each(["local", "postgres"] as const)(
  "an upload missing from the %s blob store",
  (store) => {
    beforeAll(() => {
      setEnv("BLOB_STORE", store);
      setEnv("CONSTRUCT_ASYNC_MIN_BYTES", undefined);
      resetEnvForTests();
    });

    it("fails the build UPLOAD_UNAVAILABLE, naming the dataset; a rebuild and the download too", async () => {
      const karate = await upload({
        filename: "karate_edges.csv",
        bytes: karateEdges,
        name: "Club",
      });
      const key = await deleteStoredBytes(karate.dataset_id);

      const first = await construct(karate.dataset_id);
      expect(first.status).toBe(410);
      expect(first.body.error).toMatchObject({
        code: "UPLOAD_UNAVAILABLE",
        details: {
          dataset_id: karate.dataset_id,
          construction_revision: 1,
          file_name: "karate_edges.csv",
          blob_store: store,
        },
      });
      expectUnavailableMessage(first.body.error.message, {
        name: "Club",
        file: "karate_edges.csv",
      });
      expect(JSON.stringify(first.body)).not.toContain(key);

      // The revision is saved failed with that code, and nothing was half-written.
      expect(await datasetRow(karate.dataset_id)).toMatchObject({
        construction_status: "failed",
        construction_revision: null,
        construction_error: { code: "UPLOAD_UNAVAILABLE" },
      });
      expect(await storedPayloads(karate.dataset_id)).toEqual([
        { status: "failed", payload: null },
      ]);

      const rebuild = await construct(karate.dataset_id);
      expect(rebuild.status).toBe(410);
      expect(rebuild.body.error).toMatchObject({
        code: "UPLOAD_UNAVAILABLE",
        details: { construction_revision: 2 },
      });
      expect(await revisions(karate.dataset_id)).toEqual([
        expect.objectContaining({
          revision: 2,
          status: "failed",
          error: expect.objectContaining({ code: "UPLOAD_UNAVAILABLE" }),
        }),
        expect.objectContaining({
          revision: 1,
          status: "failed",
          error: expect.objectContaining({ code: "UPLOAD_UNAVAILABLE" }),
        }),
      ]);

      const download = await filesRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ file_id: karate.dataset_id }),
      );
      expect(download.status).toBe(410);
      const downloaded = await download.json();
      expect(downloaded.error.code).toBe("UPLOAD_UNAVAILABLE");
      expectUnavailableMessage(downloaded.error.message, {
        name: "Club",
        file: "karate_edges.csv",
      });
    });

    it("names a missing node table as the file that is unavailable", async () => {
      const pair = await uploadDataset({
        ownerId: userId,
        projectId,
        file: { filename: "karate_edges.csv", bytes: karateEdges },
        nodes: { filename: "karate_nodes.csv", bytes: karateNodes },
      });
      const nodesId = pair.nodes_dataset_id as string;
      await deleteStoredBytes(nodesId);
      const { status, body } = await construct(pair.dataset_id);
      expect(status).toBe(410);
      expect(body.error).toMatchObject({
        code: "UPLOAD_UNAVAILABLE",
        details: {
          dataset_id: pair.dataset_id,
          unavailable_dataset_id: nodesId,
          file_name: "karate_nodes.csv",
        },
      });
      expect(body.error.message).toContain("karate_nodes.csv");
    });

    it("still answers PARSE_ERROR for a malformed file that is in storage", async () => {
      const broken = await upload({ filename: "broken.csv", bytes: malformed });
      const { status, body } = await construct(broken.dataset_id);
      expect(status).toBe(400);
      expect(body.error.code).toBe("PARSE_ERROR");
      expect(body.error.details.line).toBeGreaterThanOrEqual(3);
    });

    it("ends a construct_graph job failed with UPLOAD_UNAVAILABLE (and PARSE_ERROR for a bad file)", async () => {
      setEnv("CONSTRUCT_ASYNC_MIN_BYTES", "1");
      resetEnvForTests();
      try {
        const karate = await upload({ filename: "karate_edges.csv", bytes: karateEdges });
        await deleteStoredBytes(karate.dataset_id);
        const accepted = await construct(karate.dataset_id);
        expect(accepted.status).toBe(202);
        const job = await followJob(accepted.body.job_id);
        expect(job.status).toBe("failed");
        expect(job.error.code).toBe("UPLOAD_UNAVAILABLE");
        expectUnavailableMessage(job.error.message, {
          name: "karate_edges",
          file: "karate_edges.csv",
        });
        expect(await datasetRow(karate.dataset_id)).toMatchObject({
          construction_status: "failed",
          construction_error: { code: "UPLOAD_UNAVAILABLE" },
        });
        expect(await storedPayloads(karate.dataset_id)).toEqual([
          { status: "failed", payload: null },
        ]);

        const broken = await upload({ filename: "broken.csv", bytes: malformed });
        const brokenJob = await followJob((await construct(broken.dataset_id)).body.job_id);
        expect(brokenJob).toMatchObject({ status: "failed", error: { code: "PARSE_ERROR" } });
      } finally {
        setEnv("CONSTRUCT_ASYNC_MIN_BYTES", undefined);
        resetEnvForTests();
      }
    });
  },
);
