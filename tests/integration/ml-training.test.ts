import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as modelFileRoute from "@/app/api/ml/models/[model_id]/file/route";
import * as modelRoute from "@/app/api/ml/models/[model_id]/route";
import * as summaryRoute from "@/app/api/projects/[project_id]/training-summary/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { mcpJobStatusSource } from "@/lib/agent/jobs/mcp-job-status-source";
import { waitForJob } from "@/lib/agent/jobs/wait-for-job";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { modelRecordSchema, trainingSummarySchema } from "@/lib/contracts/ml-models";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { parseModelFile } from "@/lib/engine/ml/model-file";
import { resetEnvForTests } from "@/lib/env";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { readJobStatus } from "@/lib/jobs/read-job-status";
import { createProject } from "@/lib/projects/create-project";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { readBlobText } from "@/lib/storage/read-blob-text";
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// train / infer end to end over real MCP HTTP and a real PostgreSQL queue: the tool answers
// {async, job_id} at once, the in-process worker runs the job (kernels in a worker_thread) on
// the persisted revision, and the model record, the model file and the job result agree.

type Envelope = {
  success: boolean;
  status: string;
  error_code?: string;
  message?: string;
  async?: boolean;
  job_id?: string;
  // biome-ignore lint/suspicious/noExplicitAny: tool data is checked field by field.
  data?: any;
};

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
type Owner = { userId: string; projectId: string; sessionId: string };
let alice: Owner;
let bob: Owner;
let karateId: string;
let scoredId: string;

async function owner(label: string): Promise<Owner> {
  const user = await insertUser({
    email: `${label}-${randomUUID()}@test.local`,
    displayName: label,
  });
  const project = await createProject({ ownerId: user.id, name: `${label} ML` });
  const session = await createSession({ ownerId: user.id, projectId: project.project_id });
  return { userId: user.id, projectId: project.project_id, sessionId: session.session_id };
}

async function buildDataset(who: Owner, edges: [string, Uint8Array], nodes: [string, Uint8Array]) {
  const upload = (filename: string, bytes: Uint8Array) =>
    uploadDataset({ ownerId: who.userId, projectId: who.projectId, file: { filename, bytes } });
  const edgeSet = await upload(...edges);
  const nodeSet = await upload(...nodes);
  await constructDataset({
    ownerId: who.userId,
    datasetId: edgeSet.dataset_id,
    options: { nodes_dataset_id: nodeSet.dataset_id },
  });
  return edgeSet.dataset_id;
}

// Two loosely linked groups of 20; `score` says the group with some noise.
function scoredGraph(): { edges: Uint8Array; nodes: Uint8Array } {
  const edges = ["source,target"];
  const nodes = ["id,group,score"];
  for (let i = 0; i < 40; i++) {
    const group = i < 20 ? "a" : "b";
    nodes.push(`s${i},${group},${(group === "a" ? 1 : -1) + ((i * 37) % 11) / 10 - 0.5}`);
    const base = i < 20 ? 0 : 20;
    edges.push(`s${i},s${base + ((i + 1) % 20)}`, `s${i},s${base + ((i + 7) % 20)}`);
  }
  edges.push("s0,s20");
  const text = (lines: string[]) => new TextEncoder().encode(`${lines.join("\n")}\n`);
  return { edges: text(edges), nodes: text(nodes) };
}

async function connect(who: Owner) {
  const client = new Client({ name: "ml-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: {
        headers: {
          "x-internal-key": testInternalKey,
          "x-user-id": who.userId,
          "x-session-id": who.sessionId,
        },
      },
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Envelope;
}

async function finished(who: Owner, jobId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await readJobStatus({ ownerId: who.userId, jobId });
    if (["done", "failed", "cancelled"].includes(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function trainAndWait(client: Client, who: Owner, args: Record<string, unknown>) {
  const accepted = await call(client, "train", args);
  expect(accepted, JSON.stringify(accepted)).toMatchObject({ success: true, async: true });
  const status = await finished(who, accepted.job_id as string);
  expect(status.status, JSON.stringify(status.error)).toBe("done");
  // biome-ignore lint/suspicious/noExplicitAny: the job result is checked field by field.
  return { jobId: accepted.job_id as string, status, result: status.result as any };
}

const getJson = async (
  route: { GET: (request: Request, context: never) => Promise<Response> },
  who: Owner,
  params: Record<string, string>,
) => {
  const response = await route.GET(
    new Request("http://test.local/x", { headers: actingAs(who.userId) }),
    routeContext(params) as never,
  );
  return { status: response.status, response };
};

const karateGcn = {
  task: "node_classification",
  model: "gcn",
  label_property: "club",
  features: { structural: ["degree", "pagerank", "clustering"], node_identity: true },
  epochs: 60,
  seed: 7,
};

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
  alice = await owner("alice");
  bob = await owner("bob");
  const read = async (file: string) =>
    [file, new Uint8Array(await readFile(path.join(fixtures, file)))] as [string, Uint8Array];
  karateId = await buildDataset(
    alice,
    await read("karate_edges.csv"),
    await read("karate_nodes.csv"),
  );
  const scored = scoredGraph();
  scoredId = await buildDataset(
    alice,
    ["scored_edges.csv", scored.edges],
    ["scored_nodes.csv", scored.nodes],
  );
  await buildDataset(bob, await read("karate_edges.csv"), await read("karate_nodes.csv"));
}, 60_000);

afterAll(async () => {
  await stopJobWorker();
  await closeJobQueue();
  await server?.close();
  resetEnvForTests();
});

describe("train and infer as jobs", () => {
  let modelId: string;

  it("lists train, infer and training_summary with their catalogue entries", async () => {
    const client = await connect(alice);
    const { tools } = await client.listTools();
    const meta = new Map(tools.map((tool) => [tool.name, tool._meta]));
    expect(meta.get("train")).toEqual({
      resources: { reads: ["G"], writes: ["M:new"] },
      requires_approval: false,
      may_be_async: true,
    });
    expect(meta.get("infer")).toEqual({
      resources: { reads: ["G", "M:{model_id}"], writes: [] },
      requires_approval: false,
      may_be_async: true,
    });
    expect(meta.get("training_summary")).toMatchObject({ resources: { reads: ["M:*"] } });
    await client.close();
  });

  it("answers {async, job_id}; the job stores a record and a file whose metrics are the result", async () => {
    const client = await connect(alice);
    expect(await call(client, "load_constructed_graph", { dataset_id: karateId })).toMatchObject({
      success: true,
    });
    const { jobId, result, status } = await trainAndWait(client, alice, karateGcn);
    expect(status.progress.length).toBeGreaterThan(3);
    expect(status.progress.map((row) => row.seq)).toEqual(status.progress.map((_, i) => i + 1));
    expect(result).toMatchObject({ task: "node_classification", model: "gcn", job_id: jobId });
    modelId = result.model_id;
    const db = await getDb();
    const row = await db.mlModel.findUniqueOrThrow({ where: { id: modelId } });
    expect(row).toMatchObject({
      jobId,
      datasetId: karateId,
      constructionRevision: 1,
      ownerId: alice.userId,
    });
    expect(row.metrics).toEqual(result.metrics);
    // Classification metrics are snake_case in the result, the record and the file.
    expect(Object.keys(result.metrics.test).sort()).toEqual(["accuracy", "loss", "macro_f1"]);
    expect(row.filePath).toBe(`models/${alice.userId}/${modelId}.json`);
    const file = parseModelFile({
      text: await readBlobText({ store: getBlobStore(), key: row.filePath as string }),
    });
    expect(file.metrics).toEqual(result.metrics);
    expect(file.checksum).toBe(result.checksum);
    expect(result.protocol).toMatchObject({
      metric: "accuracy",
      seed: 7,
      split: { kind: "stratified" },
    });
    expect(
      result.protocol.split.sizes.train +
        result.protocol.split.sizes.val +
        result.protocol.split.sizes.test,
    ).toBe(34);
    expect(result.metrics.test.accuracy).toBeGreaterThan(0.5);
    expect(result.epochs_run).toBeGreaterThan(0);
    await client.close();
  }, 60_000);

  it("infers the club of karate nodes with probabilities", async () => {
    const client = await connect(alice);
    const accepted = await call(client, "infer", { model_id: modelId, node_ids: ["n0", "n33"] });
    expect(accepted).toMatchObject({ success: true, async: true });
    const status = await finished(alice, accepted.job_id as string);
    expect(status.status).toBe("done");
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field.
    const result = status.result as any;
    expect(result.predictions.map((p: { node_id: string }) => p.node_id)).toEqual(["n0", "n33"]);
    for (const prediction of result.predictions) {
      const total = Object.values(prediction.probabilities as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      );
      expect(total).toBeCloseTo(1, 5);
      expect(Object.keys(prediction.probabilities).sort()).toEqual(["Mr. Hi", "Officer"]);
    }
    await client.close();
  }, 60_000);

  it("refuses an unusable request before any job: a missing label property", async () => {
    const client = await connect(alice);
    const before = await (await getDb()).job.count({ where: { ownerId: alice.userId } });
    const refused = await call(client, "train", { ...karateGcn, label_property: "nope" });
    expect(refused).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(refused.message).toMatch(/^LABEL_PROPERTY_MISSING: /);
    expect(refused.data).toMatchObject({ reason: "LABEL_PROPERTY_MISSING" });
    expect(await (await getDb()).job.count({ where: { ownerId: alice.userId } })).toBe(before);
    await client.close();
  });

  it("refuses to infer on a graph whose features do not match the model's schema", async () => {
    const client = await connect(alice);
    await call(client, "load_constructed_graph", { dataset_id: scoredId });
    const { result } = await trainAndWait(client, alice, {
      task: "node_classification",
      model: "mlp",
      label_property: "group",
      features: { properties: ["score"] },
      epochs: 40,
    });
    expect(result.metrics.test.accuracy).toBeGreaterThan(0.6);
    await call(client, "load_constructed_graph", { dataset_id: karateId });
    const refused = await call(client, "infer", { model_id: result.model_id });
    expect(refused).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(refused.message).toMatch(/^FEATURE_SCHEMA_MISMATCH: /);
    await client.close();
  }, 60_000);

  it("predicts missing links with a link-prediction model", async () => {
    const client = await connect(alice);
    await call(client, "load_constructed_graph", { dataset_id: karateId });
    const { result } = await trainAndWait(client, alice, {
      task: "link_prediction",
      model: "gcn",
      epochs: 50,
      features: { structural: ["degree"], node_identity: true },
    });
    expect(result.protocol).toMatchObject({ metric: "roc_auc", split: { kind: "edges" } });
    expect(result.metrics.test.auc).toBeGreaterThan(0);
    // Its record carries the kept model's ROC curves, in the shape the results view parses.
    const served = await getJson(modelRoute, alice, { model_id: result.model_id });
    const record = modelRecordSchema.parse(await served.response.json());
    const roc = record.curves.roc?.test ?? [];
    expect(roc[0]).toEqual({ fpr: 0, tpr: 0 });
    expect(roc.at(-1)).toEqual({ fpr: 1, tpr: 1 });
    expect(record.metrics.test).toEqual(result.metrics.test);
    const accepted = await call(client, "infer", {
      model_id: result.model_id,
      node_ids: ["n0"],
      top_k: 5,
    });
    const status = await finished(alice, accepted.job_id as string);
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field.
    const predictions = (status.result as any).predictions;
    expect(predictions).toHaveLength(5);
    expect(predictions[0].probability).toBeGreaterThanOrEqual(predictions[4].probability);
    await client.close();
  }, 60_000);

  it("groups the training summary by dataset, revision, task and split", async () => {
    const { status, response } = await getJson(summaryRoute, alice, {
      project_id: alice.projectId,
    });
    expect(status).toBe(200);
    const summary = trainingSummarySchema.parse(await response.json());
    expect(summary.excluded).toEqual([]);
    const karateGroups = summary.groups.filter((group) => group.dataset_id === karateId);
    const scoredGroups = summary.groups.filter((group) => group.dataset_id === scoredId);
    expect(scoredGroups).toHaveLength(1);
    expect(karateGroups.map((group) => group.task).sort()).toEqual([
      "link_prediction",
      "node_classification",
    ]);
    const classifier = karateGroups.find((group) => group.task === "node_classification");
    expect(classifier?.experiments.map((e) => e.model_id)).toEqual([modelId]);
    expect(classifier?.metric).toBe("accuracy");
    for (const group of summary.groups) {
      const datasets = new Set(group.experiments.map((e) => e.protocol.split.sizes.test));
      expect(datasets.size).toBe(1);
    }
  });

  it("serves the model record, curves and an owner-checked file download", async () => {
    const { status, response } = await getJson(modelRoute, alice, { model_id: modelId });
    expect(status).toBe(200);
    const record = modelRecordSchema.parse(await response.json());
    expect(record.curves.epoch.length).toBe(record.protocol.epochsRun);
    expect(record.file?.url).toBe(`/api/ml/models/${modelId}/file`);
    const download = await getJson(modelFileRoute, alice, { model_id: modelId });
    expect(download.status).toBe(200);
    expect(download.response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="model-gcn-/,
    );
    expect(download.response.headers.get("x-content-type-options")).toBe("nosniff");
    const file = parseModelFile({ text: await download.response.text() });
    expect(file.checksum).toBe(record.file?.checksum);
  });

  it("answers 404 to another owner, over HTTP and MCP", async () => {
    expect((await getJson(modelRoute, bob, { model_id: modelId })).status).toBe(404);
    expect((await getJson(modelFileRoute, bob, { model_id: modelId })).status).toBe(404);
    expect((await getJson(summaryRoute, bob, { project_id: alice.projectId })).status).toBe(404);
    const client = await connect(bob);
    const datasets = await call(client, "list_datasets");
    const bobKarate = datasets.data.datasets.find(
      (d: { construction_status: string }) => d.construction_status === "ready",
    );
    await call(client, "load_constructed_graph", { dataset_id: bobKarate.dataset_id });
    const refused = await call(client, "infer", { model_id: modelId });
    expect(refused).toMatchObject({ success: false, error_code: "NOT_FOUND" });
    const summary = await call(client, "training_summary");
    expect(summary.data).toMatchObject({ model_count: 0, groups: [] });
    await client.close();
  });
});

// "Train a node classifier on karate to predict club" names only the label. Karate's nodes carry
// nothing else, so the defaults must choose inputs that can learn the two factions, keep both
// in every part of the split, and say what they chose (once 12.5 % test accuracy, on 8 nodes).
describe("training karate's club with the defaults", () => {
  let carol: Owner;
  let carolKarate: string;

  beforeAll(async () => {
    carol = await owner("carol");
    const read = async (file: string) =>
      [file, new Uint8Array(await readFile(path.join(fixtures, file)))] as [string, Uint8Array];
    carolKarate = await buildDataset(
      carol,
      await read("karate_edges.csv"),
      await read("karate_nodes.csv"),
    );
  }, 60_000);

  const partsOf = (split: { classCounts: Record<string, Record<string, number>> }) =>
    Object.fromEntries(
      ["train", "val", "test"].map((part) => [
        part,
        Object.entries(split.classCounts[part] ?? {}).filter(([, count]) => count > 0).length,
      ]),
    );

  it("reaches ≥ 85 % test accuracy through the job queue and says which features, epochs and split", async () => {
    const client = await connect(carol);
    await call(client, "load_constructed_graph", { dataset_id: carolKarate });
    const accepted = await call(client, "train", {
      task: "node_classification",
      label_property: "club",
    });
    expect(accepted, JSON.stringify(accepted)).toMatchObject({ success: true, async: true });
    expect(accepted.data.check).toMatchObject({
      features: { basis: "no_feature_properties", nodeIdentity: true, width: 34 },
      max_epochs: 200,
      split: { kind: "stratified" },
    });
    expect(partsOf(accepted.data.check.split)).toEqual({ train: 2, val: 2, test: 2 });
    expect(accepted.message).toContain("node-identity one-hot (34 columns");
    expect(accepted.message).toContain("up to 200 epochs");
    expect(accepted.message).toContain("every class in every part");

    // The job as the runtime follows it: real MCP reads of get_job_status until it is done.
    const envelope = await waitForJob({
      jobId: accepted.job_id as string,
      toolName: "train",
      readStatus: mcpJobStatusSource({
        identity: { userId: carol.userId, sessionId: carol.sessionId, runId: "", agentId: "t" },
      }),
      onProgress: () => {},
      signal: new AbortController().signal,
      pollIntervalMs: 50,
    });
    expect(envelope, JSON.stringify(envelope)).toMatchObject({ success: true });
    // biome-ignore lint/suspicious/noExplicitAny: the job result is checked field by field.
    const result = envelope.data as any;
    expect(result.metrics.test.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(result.classes).toEqual(["Mr. Hi", "Officer"]);
    expect(partsOf(result.protocol.split)).toEqual({ train: 2, val: 2, test: 2 });
    expect(result.protocol).toMatchObject({
      seed: 42,
      maxEpochs: 200,
      features: { basis: "no_feature_properties", nodeIdentity: true, structural: [] },
    });
    // The call's message (the tool card's summary) names metric, features, epochs and split.
    expect(envelope.message).toBe(result.summary);
    expect(envelope.message).toMatch(
      /^gcn → club: test accuracy 0\.(8[5-9]|9)\d*; node-identity one-hot \(default: no feature property\); \d+\/200 epochs.*; stratified 20\/6\/8, every class in every part$/,
    );
    expect((envelope.message as string).length).toBeLessThanOrEqual(160);
    await client.close();
  }, 120_000);

  it("answers the chat question with the figure and the defaults it used (local-rules)", async () => {
    const session = await createSession({ ownerId: carol.userId, projectId: carol.projectId });
    const response = await startRunRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: actingAs(carol.userId),
        body: JSON.stringify({
          start_request_id: randomUUID(),
          message: "Train a node classifier on karate to predict club",
          attachments: [carolKarate],
        }),
      }),
      routeContext({ session_id: session.session_id }),
    );
    const started = await response.json();
    expect(response.status, JSON.stringify(started)).toBe(202);
    const stream = await runEventsRoute.GET(
      new Request("http://test.local/x?after_seq=-1", { headers: actingAs(carol.userId) }),
      routeContext({ run_id: started.run_id }),
    );
    const events: RunEvent[] = await readRunEvents(stream);
    expect(events.at(-1)?.type).toBe("run_completed");
    const trained = events.find(
      (event): event is Extract<RunEvent, { type: "tool_completed" }> =>
        event.type === "tool_completed" && event.tool_name === "train",
    );
    expect(trained).toMatchObject({ success: true });
    expect(trained?.summary).toMatch(/^gcn → club: test accuracy 0\.(8[5-9]|9)/);
    expect(trained?.summary).toContain("node-identity one-hot");
    const answer = events
      .filter((event) => event.type === "text_delta")
      .map((event) => (event as { text: string }).text)
      .join("");
    expect(answer).toMatch(/test accuracy 0\.(8[5-9]|9)/);
    expect(answer).toContain("Features: the node-identity one-hot (34 input columns");
    expect(answer).toMatch(/\d+ of at most 200 epochs run/);
    expect(answer).toContain("Every class has nodes in the train, validation and test parts.");
  }, 180_000);
});
