import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as sessionsRoute from "@/app/api/projects/[project_id]/sessions/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { admitRun } from "@/lib/runs/start/admit-run";
import { createSession } from "@/lib/sessions/create-session";
import { seedKarateSession } from "../support/karate-session";
import { actingAs, routeContext } from "../support/route-request";
import { updateRunStatus } from "../support/run-rows";

type Seed = Awaited<ReturnType<typeof seedKarateSession>>;

function patch(userId: string, sessionId: string, body: unknown) {
  return sessionRoute.PATCH(
    new Request(`http://test.local/api/sessions/${sessionId}`, {
      method: "PATCH",
      headers: { ...actingAs(userId), "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    routeContext({ session_id: sessionId }),
  );
}

function remove(userId: string, sessionId: string) {
  return sessionRoute.DELETE(
    new Request(`http://test.local/api/sessions/${sessionId}`, {
      method: "DELETE",
      headers: actingAs(userId),
    }),
    routeContext({ session_id: sessionId }),
  );
}

async function listed(userId: string, projectId: string) {
  const response = await sessionsRoute.GET(
    new Request(`http://test.local/api/projects/${projectId}/sessions`, {
      headers: actingAs(userId),
    }),
    routeContext({ project_id: projectId }),
  );
  return (await response.json()).sessions as {
    session_id: string;
    title: string;
    dataset_id: string | null;
    dataset_name: string | null;
  }[];
}

/** Admits a run with its question, as POST …/runs does once the request was checked. */
async function ask(seed: Seed, sessionId: string, question: string) {
  const admitted = await admitRun({
    ownerId: seed.userId,
    sessionId,
    projectId: seed.projectId,
    startRequestId: randomUUID(),
    fingerprint: randomUUID(),
    options: {},
    attachments: [seed.datasetId],
    modelName: "local-rules",
    messageParts: [
      { type: "dataset", dataset_id: seed.datasetId },
      { type: "text", text: question },
    ],
    executorId: "test-executor",
  });
  if (admitted.kind !== "created") throw new Error(`run not admitted: ${admitted.kind}`);
  return admitted.run.id;
}

async function finish(runId: string) {
  await updateRunStatus({
    runId,
    runStatus: "completed",
    finalText: "done",
    finished: true,
    terminalPersisted: true,
  });
}

describe("PATCH /api/sessions/{id} (rename) and the title from the first question", () => {
  let seed: Seed;
  let stranger: { id: string };

  beforeAll(async () => {
    seed = await seedKarateSession({ label: "rename" });
    stranger = await insertUser({ email: `stranger-${randomUUID()}@test.local`, displayName: "s" });
  });

  it("names a new conversation after its first question, and the list shows its dataset", async () => {
    const session = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    expect(session.title).toBe("New analysis");
    expect(session.dataset_name).toBeNull();
    const first = await ask(
      seed,
      session.session_id,
      "Which members of the karate club bridge the two factions, and how central are they overall?",
    );
    await finish(first);
    await ask(seed, session.session_id, "And the second question does not rename it");
    const row = (await listed(seed.userId, seed.projectId)).find(
      (item) => item.session_id === session.session_id,
    );
    expect(row?.title).toMatch(/^Which members of the karate club bridge the two factions,?…$/);
    expect(row?.dataset_id).toBe(seed.datasetId);
    expect(row?.dataset_name).toBe("karate_edges");
  });

  it("renames, trimming the title; a renamed conversation keeps its title when asked again", async () => {
    const session = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    const response = await patch(seed.userId, session.session_id, { title: "  Factions  " });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      session_id: session.session_id,
      title: "Factions",
    });
    await ask(seed, session.session_id, "How many nodes?");
    const row = (await listed(seed.userId, seed.projectId)).find(
      (item) => item.session_id === session.session_id,
    );
    expect(row?.title).toBe("Factions");
  });

  it("refuses an empty, too long or malformed title with 400 and changes nothing", async () => {
    const session = await createSession({
      ownerId: seed.userId,
      projectId: seed.projectId,
      title: "Kept",
    });
    for (const body of [
      { title: "   " },
      { title: "x".repeat(121) },
      {},
      { title: 7 },
      "{not json",
    ]) {
      const response = await patch(seed.userId, session.session_id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.code).toBe("INVALID_REQUEST");
    }
    expect((await patch(seed.userId, session.session_id, { title: "x".repeat(120) })).status).toBe(
      200,
    );
  });

  it("answers 404 NOT_FOUND for another owner's session or none, and leaves it unchanged", async () => {
    const session = await createSession({
      ownerId: seed.userId,
      projectId: seed.projectId,
      title: "Mine",
    });
    const foreign = await patch(stranger.id, session.session_id, { title: "Theirs" });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("NOT_FOUND");
    expect((await patch(seed.userId, randomUUID(), { title: "Nobody" })).status).toBe(404);
    const db = await getDb();
    expect((await db.session.findUnique({ where: { id: session.session_id } }))?.title).toBe(
      "Mine",
    );
  });
});

describe("DELETE /api/sessions/{id}", () => {
  let seed: Seed;
  let stranger: { id: string };

  beforeAll(async () => {
    seed = await seedKarateSession({ label: "delete" });
    stranger = await insertUser({ email: `stranger-${randomUUID()}@test.local`, displayName: "s" });
  });

  it("404 for another owner, 409 SESSION_BUSY while a run works; nothing is deleted", async () => {
    const session = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    const runId = await ask(seed, session.session_id, "How many nodes?");
    const foreign = await remove(stranger.id, session.session_id);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("NOT_FOUND");
    const busy = await remove(seed.userId, session.session_id);
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.code).toBe("SESSION_BUSY");
    const db = await getDb();
    expect(await db.session.count({ where: { id: session.session_id } })).toBe(1);
    expect(await db.run.count({ where: { id: runId } })).toBe(1);
    await finish(runId);
    expect((await remove(seed.userId, session.session_id)).status).toBe(204);
    expect((await remove(seed.userId, session.session_id)).status).toBe(404);
  });

  it("409 SESSION_BUSY while a job the conversation started is still queued", async () => {
    const session = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    const db = await getDb();
    const job = await db.job.create({
      data: {
        ownerId: seed.userId,
        projectId: seed.projectId,
        sessionId: session.session_id,
        kind: "train_model",
      },
    });
    const busy = await remove(seed.userId, session.session_id);
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.code).toBe("SESSION_BUSY");
    await db.job.update({ where: { id: job.id }, data: { status: "done" } });
    expect((await remove(seed.userId, session.session_id)).status).toBe(204);
    // A finished job is the project's record (its trained model stays listed): it is kept.
    expect(await db.job.count({ where: { id: job.id } })).toBe(1);
  });

  it("deletes the conversation with all its records and keeps the project's datasets", async () => {
    const session = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    const sessionId = session.session_id;
    const runId = await ask(seed, sessionId, "Which nodes have the highest PageRank?");
    await finish(runId);
    const db = await getDb();
    await db.runEvent.create({
      data: { runId, seq: 0, executionGeneration: 1, type: "run_started", data: {} },
    });
    await db.toolCall.create({
      data: {
        runId,
        toolCallId: "c1",
        turnIndex: 0,
        batchIndex: 0,
        toolName: "pagerank",
        args: {},
      },
    });
    await db.approval.create({
      data: {
        runId,
        toolCallId: "c2",
        toolName: "clear_graph",
        proposedArgs: {},
        executionGeneration: 1,
        decision: "approve",
        decidedAt: new Date(),
      },
    });
    await db.decision.create({
      data: { ownerId: seed.userId, sessionId, runId, choice: "approve", reason: "test" },
    });
    await db.sessionContext.create({ data: { sessionId, goal: "rank" } });
    await db.workspaceFile.create({
      data: {
        ownerId: seed.userId,
        sessionId,
        area: "Derived",
        path: "ranking.csv",
        checksum: "0".repeat(64),
        bytes: 1,
        storagePath: `workspaces/${seed.userId}/${sessionId}/Derived/ranking.csv@v1`,
      },
    });
    await db.artifact.create({
      data: {
        ownerId: seed.userId,
        projectId: seed.projectId,
        sessionId,
        runId,
        kind: "report",
        title: "Ranking",
        content: {},
      },
    });
    // Another conversation of the same project is left alone.
    const other = await createSession({ ownerId: seed.userId, projectId: seed.projectId });
    const otherRun = await ask(seed, other.session_id, "How many edges?");
    await finish(otherRun);

    const response = await remove(seed.userId, sessionId);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");

    const counts = await Promise.all([
      db.session.count({ where: { id: sessionId } }),
      db.message.count({ where: { sessionId } }),
      db.run.count({ where: { sessionId } }),
      db.runEvent.count({ where: { runId } }),
      db.toolCall.count({ where: { runId } }),
      db.approval.count({ where: { runId } }),
      db.runStartRequest.count({ where: { sessionId } }),
      db.decision.count({ where: { sessionId } }),
      db.sessionContext.count({ where: { sessionId } }),
      db.workspaceFile.count({ where: { sessionId } }),
      db.artifact.count({ where: { OR: [{ sessionId }, { runId }] } }),
    ]);
    expect(counts).toEqual(counts.map(() => 0));
    // No record is left pointing at nothing (artefacts would otherwise keep a null session).
    expect(await db.artifact.count({ where: { projectId: seed.projectId, sessionId: null } })).toBe(
      0,
    );
    // The project's datasets and their constructions stay; so does the other conversation.
    expect(
      await db.dataset.count({ where: { id: { in: [seed.datasetId, seed.nodesDatasetId] } } }),
    ).toBe(2);
    expect(await db.construction.count({ where: { datasetId: seed.datasetId } })).toBeGreaterThan(
      0,
    );
    expect(await db.run.count({ where: { id: otherRun } })).toBe(1);
    expect(
      (await listed(seed.userId, seed.projectId)).map((item) => item.session_id),
    ).not.toContain(sessionId);
  });
});
