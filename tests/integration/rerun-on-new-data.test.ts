import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import * as projectRerunsRoute from "@/app/api/projects/[project_id]/reruns/route";
import * as rerunRoute from "@/app/api/reruns/[rerun_id]/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as startRerunRoute from "@/app/api/sessions/[session_id]/rerun/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import * as watchRoute from "@/app/api/sessions/[session_id]/watch/route";
import { type Rerun, rerunListSchema, rerunSchema } from "@/lib/contracts/rerun";
import { insertUser } from "@/lib/db/queries/users";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { createProject } from "@/lib/projects/create-project";
import { fireWatches, startRevisionWatches } from "@/lib/runs/rerun/fire-watches";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";

// A conversation asked again on new data: a live PostgreSQL dataset whose rows change between
// two builds gives a second revision with other data, so the same PageRank question ranks other
// people first and reports other scores.
const databaseName = `gw_rerun_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
let admin: pg.Client;
let source: pg.Client;
let userId: string;
let strangerId: string;
let projectId: string;
let datasetId: string;
let originalSessionId: string;
const question = "Which nodes have the highest PageRank?";
const followUp = "Which nodes have the highest degree?";

// Five people; in the first data everyone points at Ada, in the second at Cy.
const schema = `
  CREATE TABLE people (id integer PRIMARY KEY, name text NOT NULL);
  CREATE TABLE follows (
    follower_id integer REFERENCES people(id),
    followee_id integer REFERENCES people(id),
    PRIMARY KEY (follower_id, followee_id)
  );
  INSERT INTO people VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy'), (4, 'Di'), (5, 'Ed');
  INSERT INTO follows VALUES (2, 1), (3, 1), (4, 1), (5, 1), (1, 2);
`;
const secondData = `
  DELETE FROM follows;
  INSERT INTO follows VALUES (1, 3), (2, 3), (4, 3), (5, 3), (3, 2);
`;

async function call(
  handler: (request: Request, context: ReturnType<typeof routeContext>) => Promise<Response>,
  input: {
    url?: string;
    method?: string;
    body?: unknown;
    params: Record<string, string>;
    as?: string;
  },
) {
  const response = await handler(
    new Request(input.url ?? "http://test.local/x", {
      method: input.method ?? "GET",
      headers: { ...actingAs(input.as ?? userId), "content-type": "application/json" },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    }),
    routeContext(input.params),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function construct(): Promise<number> {
  const built = await call(constructRoute.POST, {
    method: "POST",
    body: {},
    params: { dataset_id: datasetId },
  });
  expect(built.status).toBeLessThan(300);
  return built.body.construction.revision;
}

async function ask(sessionId: string, message: string) {
  const started = await call(startRunRoute.POST, {
    method: "POST",
    body: { start_request_id: randomUUID(), message, attachments: [datasetId] },
    params: { session_id: sessionId },
  });
  expect(started.status).toBe(202);
  const response = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: started.body.run_id }),
  );
  const events = await readRunEvents(response);
  expect(events.at(-1)?.type).toBe("run_completed");
  return started.body.run_id as string;
}

async function rerunUntilDone(rerunId: string): Promise<Rerun> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const got = await call(rerunRoute.GET, { params: { rerun_id: rerunId } });
    expect(got.status).toBe(200);
    const rerun = rerunSchema.parse(got.body);
    if (rerun.status === "done" || rerun.status === "failed") return rerun;
    if (Date.now() > deadline) throw new Error(`re-run still ${rerun.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startRerun(body: Record<string, unknown>, sessionId = originalSessionId) {
  return call(startRerunRoute.POST, {
    method: "POST",
    body,
    params: { session_id: sessionId },
  });
}

/** The PageRank ranking a run's node_centrality call returned, top first. */
async function pagerankRanking(runId: string) {
  const snapshot = await call(runRoute.GET, { params: { run_id: runId } });
  const centrality = snapshot.body.tool_calls.find(
    (toolCall: { tool_name: string }) => toolCall.tool_name === "node_centrality",
  );
  expect(centrality.args).toMatchObject({ algorithm: "pagerank" });
  return centrality.result.data.top as { id: string; label: string; score: number }[];
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${databaseName}`;
  source = new pg.Client({ connectionString: url.toString() });
  await source.connect();
  await source.query(schema);
  userId = (await insertUser({ email: `rerun-${randomUUID()}@test.local`, displayName: "r" })).id;
  strangerId = (await insertUser({ email: `other-${randomUUID()}@test.local`, displayName: "o" }))
    .id;
  projectId = (await createProject({ ownerId: userId, name: "Who follows whom" })).project_id;
  const added = await call(datasetsRoute.POST, {
    method: "POST",
    body: { source: { kind: "postgres", url: url.toString() } },
    params: { project_id: projectId },
  });
  expect(added.status).toBe(201);
  datasetId = added.body.dataset_id;
  expect(await construct()).toBe(1);
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
  await startRevisionWatches();
  originalSessionId = (await createSession({ ownerId: userId, projectId })).session_id;
  await ask(originalSessionId, question);
  await ask(originalSessionId, followUp);
}, 120_000);

afterAll(async () => {
  await stopJobWorker();
  await closeJobQueue();
  await source?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

describe("re-running a conversation on new data", () => {
  it("asks the same question of the new revision and reports the changed figures and entities", async () => {
    await source.query(secondData);
    expect(await construct()).toBe(2);

    const started = await startRerun({ start_request_id: randomUUID() });
    expect(started.status).toBe(202);
    expect(started.body.session_id).not.toBe(originalSessionId);
    const rerun = await rerunUntilDone(started.body.rerun_id);
    expect(rerun).toMatchObject({
      status: "done",
      trigger: "manual",
      original_session_id: originalSessionId,
      session_id: started.body.session_id,
      revision: { dataset_id: datasetId, revision: 2, original_revision: 1 },
      model: "local-rules",
    });
    // The original's questions, asked again in their order.
    expect(rerun.turns.map((entry) => entry.message)).toEqual([question, followUp]);
    const [turn, second] = rerun.turns;
    expect(turn.changed).toBe(true);
    expect(second.changed).toBe(true);
    expect(rerun.turns.map((entry) => entry.asking_run_id)).toEqual([null, null]);

    // The new run is a real run of the new session, on revision 2.
    const newRunId = turn.after?.run_id as string;
    const before = await pagerankRanking(turn.before.run_id as string);
    const after = await pagerankRanking(newRunId);
    // Everyone pointed at Ada, then at Cy: independent of any score, the leaders swap.
    expect(before[0].label).toBe("Ada");
    expect(after[0].label).toBe("Cy");
    const first = turn.changes.find(
      (change) => change.kind === "entity" && change.name === "#1 by pagerank",
    );
    expect(first).toEqual({
      kind: "entity",
      name: "#1 by pagerank",
      before: `Ada (${before[0].id})`,
      after: `Cy (${after[0].id})`,
    });
    // Ada's score fell and Cy's rose; each is reported with both values.
    const figure = (label: string) =>
      turn.changes.find(
        (change) => change.kind === "figure" && change.name === `pagerank score of ${label}`,
      );
    const adaBefore = before.find((node) => node.label === "Ada")?.score as number;
    const cyAfter = after.find((node) => node.label === "Cy")?.score as number;
    expect(figure(`Ada (${before[0].id})`)).toMatchObject({ before: adaBefore });
    expect((figure(`Ada (${before[0].id})`) as { after: number | null }).after ?? 0).toBeLessThan(
      adaBefore,
    );
    expect(figure(`Cy (${after[0].id})`)).toMatchObject({ after: cyAfter });
    expect(turn.after?.figures).toContainEqual({
      name: `pagerank score of Cy (${after[0].id})`,
      value: cyAfter,
    });
    expect(turn.after?.entities[0]).toBe(`Cy (${after[0].id})`);
    expect(turn.changes.some((change) => change.kind === "answer")).toBe(true);
    // The graph's size did not change (5 people, 5 follows): no figure says it did.
    expect(turn.after?.figures).toContainEqual({ name: "graph nodes", value: 5 });
    expect(turn.changes.filter((change) => change.name.startsWith("graph"))).toEqual([]);

    // The original conversation is left as it was; the new one holds the asked turn.
    const original = await call(sessionRoute.GET, { params: { session_id: originalSessionId } });
    expect(original.body.runs).toHaveLength(2);
    const copy = await call(sessionRoute.GET, { params: { session_id: started.body.session_id } });
    expect(copy.body.runs.map((run: { run_id: string }) => run.run_id)).toEqual([
      newRunId,
      second.after?.run_id,
    ]);

    const list = rerunListSchema.parse(
      (await call(projectRerunsRoute.GET, { params: { project_id: projectId } })).body,
    );
    expect(list.reruns.find((entry) => entry.rerun_id === rerun.rerun_id)).toMatchObject({
      original_session_id: originalSessionId,
      session_id: started.body.session_id,
      trigger: "manual",
      status: "done",
      changed_turns: 2,
      revision: { revision: 2 },
    });
  }, 150_000);

  it("asked against the original's own revision, reports no change", async () => {
    const started = await startRerun({ start_request_id: randomUUID(), revision: 1 });
    expect(started.status).toBe(202);
    const rerun = await rerunUntilDone(started.body.rerun_id);
    expect(rerun.revision).toMatchObject({ revision: 1, original_revision: 1 });
    const [turn, second] = rerun.turns;
    const after = await pagerankRanking(turn.after?.run_id as string);
    expect(second.changes).toEqual([]);
    expect(after[0].label).toBe("Ada");
    // Same data, same question: the same figures and nodes, and the same answer but for the
    // revision it cites.
    expect(turn.changes).toEqual([]);
    expect(turn.changed).toBe(false);
    expect(turn.after?.figures).toEqual(turn.before.figures);
    expect(turn.after?.entities).toEqual(turn.before.entities);
  }, 150_000);

  it("is idempotent by start_request_id, and refuses other content under the same id", async () => {
    const id = randomUUID();
    const first = await startRerun({ start_request_id: id, revision: 2 });
    expect(first.status).toBe(202);
    const again = await startRerun({ start_request_id: id, revision: 2 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await startRerun({ start_request_id: id, revision: 1 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("START_IDEMPOTENCY_CONFLICT");
    const bad = await startRerun({ start_request_id: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_REQUEST");
    const unknownField = await startRerun({ start_request_id: randomUUID(), revisions: 2 });
    expect(unknownField.status).toBe(400);
    await rerunUntilDone(first.body.rerun_id);
  }, 150_000);

  it("reads failed, not running forever, once its job ended without it (the sweep gave up on it)", async () => {
    const started = await startRerun({ start_request_id: randomUUID(), revision: 1 });
    const finished = await rerunUntilDone(started.body.rerun_id);
    expect(finished.status).toBe("done");
    // What a sweep that gave up after lost workers leaves: the job failed, the re-run as it was.
    const { rows } = await admin.query(
      `UPDATE reruns SET status = 'running', "finishedAt" = NULL WHERE id = $1 RETURNING "jobId"`,
      [finished.rerun_id],
    );
    await admin.query(
      `UPDATE jobs SET status = 'failed', "errorMessage" = 'Its worker was lost 3 times.' WHERE id = $1`,
      [rows[0].jobId],
    );
    const got = rerunSchema.parse(
      (await call(rerunRoute.GET, { params: { rerun_id: finished.rerun_id } })).body,
    );
    expect(got.status).toBe("failed");
    expect(got.error_message).toContain("Its worker was lost 3 times.");
    const listed = (await call(projectRerunsRoute.GET, { params: { project_id: projectId } })).body
      .reruns as { rerun_id: string; status: string }[];
    expect(listed.find((rerun) => rerun.rerun_id === finished.rerun_id)?.status).toBe("failed");
  }, 150_000);

  it("answers 404 for unknown or foreign conversations, datasets, revisions and re-runs", async () => {
    const mine = (await call(projectRerunsRoute.GET, { params: { project_id: projectId } })).body
      .reruns[0].rerun_id as string;
    const foreign = { as: strangerId };
    const notFound = [
      await call(startRerunRoute.POST, {
        ...foreign,
        method: "POST",
        body: { start_request_id: randomUUID() },
        params: { session_id: originalSessionId },
      }),
      await startRerun({ start_request_id: randomUUID() }, randomUUID()),
      await startRerun({ start_request_id: randomUUID(), dataset_id: randomUUID() }),
      await startRerun({ start_request_id: randomUUID(), revision: 99 }),
      await call(rerunRoute.GET, { ...foreign, params: { rerun_id: mine } }),
      await call(rerunRoute.GET, { params: { rerun_id: randomUUID() } }),
      await call(projectRerunsRoute.GET, { ...foreign, params: { project_id: projectId } }),
      await call(watchRoute.POST, {
        ...foreign,
        method: "POST",
        body: { dataset_id: datasetId },
        params: { session_id: originalSessionId },
      }),
      await call(watchRoute.POST, {
        method: "POST",
        body: { dataset_id: randomUUID() },
        params: { session_id: originalSessionId },
      }),
    ];
    expect(notFound.map((response) => [response.status, response.body.error.code])).toEqual(
      notFound.map(() => [404, "NOT_FOUND"]),
    );
  });

  it("re-runs a watched conversation by itself on each new revision, once, until the watch is removed", async () => {
    const watched = await call(watchRoute.POST, {
      method: "POST",
      body: { dataset_id: datasetId },
      params: { session_id: originalSessionId },
    });
    expect(watched.status).toBe(201);
    expect(watched.body).toMatchObject({ dataset_id: datasetId, last_revision: 2 });
    const watchReruns = async () =>
      rerunListSchema
        .parse((await call(projectRerunsRoute.GET, { params: { project_id: projectId } })).body)
        .reruns.filter((entry) => entry.trigger === "watch");
    expect(await watchReruns()).toEqual([]);

    await source.query("INSERT INTO follows VALUES (1, 2)");
    expect(await construct()).toBe(3);
    // The build's own announcement starts it; firing again for the same revision starts nothing.
    const deadline = Date.now() + 10_000;
    while ((await watchReruns()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await fireWatches({ datasetId })).toEqual([]);
    const fired = await watchReruns();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      original_session_id: originalSessionId,
      revision: { dataset_id: datasetId, revision: 3 },
    });
    const done = await rerunUntilDone(fired[0].rerun_id);
    expect(done).toMatchObject({ status: "done", trigger: "watch" });
    expect(done.turns[0].after?.run_id).toBeTruthy();

    const removed = await watchRoute.DELETE(
      new Request(`http://test.local/x?dataset_id=${datasetId}`, {
        method: "DELETE",
        headers: actingAs(userId),
      }),
      routeContext({ session_id: originalSessionId }),
    );
    expect(removed.status).toBe(204);
    await source.query("INSERT INTO follows VALUES (5, 4)");
    expect(await construct()).toBe(4);
    expect(await fireWatches({ datasetId })).toEqual([]);
    expect(await watchReruns()).toHaveLength(1);
  }, 150_000);
});
