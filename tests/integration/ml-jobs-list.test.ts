import { beforeAll, describe, expect, it } from "vitest";
import * as jobsRoute from "@/app/api/projects/[project_id]/jobs/route";
import { mlJobListSchema } from "@/lib/contracts/ml-jobs";
import { getDb } from "@/lib/db/client";
import { createJobOwner } from "../support/job-fixtures";
import { actingAs, routeContext } from "../support/route-request";

// `GET /api/projects/{id}/jobs?kind=`: the results view's list of training and inference jobs,
// read from our jobs table (owner-scoped; other kinds never listed).

type Owner = Awaited<ReturnType<typeof createJobOwner>>;
let alice: Owner;
let bob: Owner;
let trainId: string;
let inferId: string;

async function list(who: Owner, projectId: string, query = "") {
  const request = new Request(`http://test.local/api/projects/${projectId}/jobs${query}`, {
    headers: actingAs(who.ownerId),
  });
  return jobsRoute.GET(request, routeContext({ project_id: projectId }));
}

beforeAll(async () => {
  alice = await createJobOwner("ml-jobs-alice");
  bob = await createJobOwner("ml-jobs-bob");
  const db = await getDb();
  const dataset = await db.dataset.create({
    data: {
      ownerId: alice.ownerId,
      projectId: alice.projectId,
      name: "karate",
      originalFilename: "karate_edges.csv",
      kind: "csv",
      bytes: 10,
      checksum: "0".repeat(64),
      mediaType: "text/csv",
      storagePath: "x/karate_edges.csv",
    },
  });
  const common = { ownerId: alice.ownerId, projectId: alice.projectId, sessionId: alice.sessionId };
  const train = await db.job.create({
    data: {
      ...common,
      kind: "train",
      status: "running",
      startedAt: new Date(),
      input: {
        dataset_id: dataset.id,
        revision: 1,
        args: { task: "node_classification", model: "gcn", label_property: "club", seed: 7 },
      },
    },
  });
  await db.jobProgress.createMany({
    data: [
      { jobId: train.id, seq: 1, stage: "loading", pct: 0, message: "loading revision 1" },
      { jobId: train.id, seq: 2, stage: "training", pct: 40, message: "epoch 80 of 200" },
    ],
  });
  const infer = await db.job.create({
    data: {
      ...common,
      kind: "infer",
      status: "done",
      finishedAt: new Date(Date.now() + 1000),
      createdAt: new Date(Date.now() + 1000),
      input: { dataset_id: dataset.id, revision: 1, args: { model_id: "m-1", top_k: 20 } },
      result: { model_id: "m-1", task: "node_classification", prediction_count: 34 },
    },
  });
  await db.job.create({ data: { ...common, kind: "construct_graph", input: {} } });
  trainId = train.id;
  inferId = infer.id;
});

describe("GET /api/projects/{id}/jobs", () => {
  it("lists the project's training and inference jobs, newest first, with their newest progress", async () => {
    const response = await list(alice, alice.projectId);
    expect(response.status).toBe(200);
    const body = mlJobListSchema.parse(await response.json());
    expect(body.jobs.map((job) => job.job_id)).toEqual([inferId, trainId]);
    const [infer, train] = body.jobs;
    expect(train).toMatchObject({
      kind: "train",
      status: "running",
      dataset_name: "karate",
      revision: 1,
      task: "node_classification",
      model: "gcn",
      seed: 7,
      label_property: "club",
      model_id: null,
      latest_progress: { seq: 2, stage: "training", pct: 40 },
    });
    expect(infer).toMatchObject({
      kind: "infer",
      status: "done",
      model_id: "m-1",
      task: "node_classification",
      prediction_count: 34,
    });
  });

  it("filters by kind and refuses kinds it does not list", async () => {
    const trains = mlJobListSchema.parse(
      await (await list(alice, alice.projectId, "?kind=train")).json(),
    );
    expect(trains.jobs.map((job) => job.job_id)).toEqual([trainId]);
    expect((await list(alice, alice.projectId, "?kind=construct_graph")).status).toBe(400);
  });

  it("answers 404 for another owner's project", async () => {
    expect((await list(bob, alice.projectId)).status).toBe(404);
    const own = mlJobListSchema.parse(await (await list(bob, bob.projectId)).json());
    expect(own.jobs).toEqual([]);
  });
});
