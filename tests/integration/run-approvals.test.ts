import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approvalsRoute from "@/app/api/runs/[run_id]/approvals/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as cancelRoute from "@/app/api/runs/cancel/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { listConstructions } from "@/lib/constructions/list-constructions";
import { loadConstructionGraph } from "@/lib/constructions/load-construction-graph";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { dropRunEventLog } from "@/lib/runs/events/run-event-log";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { fixturesDirectory, type RunHarness, startRunHarness } from "../support/run-harness";

let harness: RunHarness;

beforeAll(async () => {
  harness = await startRunHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

/** Starts "Clear the graph" (local-rules asks for clear_graph, which needs approval: AP-1). */
async function pausedClearRun() {
  const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
  const started = await harness.startRun(session.session_id, "Clear the graph");
  expect(started.status).toBe(202);
  const runId: string = started.body.run_id;
  const events = await harness.events(runId);
  expect(events.at(-1)?.type).toBe("run_paused");
  const approval = events.find((event) => event.type === "approval_required") as Extract<
    RunEvent,
    { type: "approval_required" }
  >;
  expect(approval.tool_name).toBe("clear_graph");
  return { sessionId: session.session_id, runId, events, toolCallId: approval.tool_call_id };
}

const countOf = (calls: string[], name: string) => calls.filter((call) => call === name).length;

describe("approval pause and continue (AP-1…AP-4)", () => {
  it("keeps the pause durable, refuses a wrong card, runs an approval once, and continues the same run in generation 2", async () => {
    const { sessionId, runId, events, toolCallId } = await pausedClearRun();
    const paused = await harness.snapshot(runId);
    expect(paused).toMatchObject({
      run_status: "paused",
      execution_generation: 1,
      execution_stopped: true,
      terminal_persisted: true,
      can_send: false,
      pending_approval: { tool_call_id: toolCallId, tool_name: "clear_graph", args: {} },
    });
    const earlier = paused.tool_calls.filter(
      (call: { status: string }) => call.status === "succeeded",
    );
    // The session refuses a new message while the run waits (RC-2).
    expect((await harness.startRun(sessionId, "hello")).body.error.code).toBe("SESSION_BUSY");

    // A stale / mismatched card changes nothing.
    const wrongId = await harness.decide(runId, {
      tool_call_id: "not-this-call",
      tool_name: "clear_graph",
      decision: "approve",
    });
    expect(wrongId.status).toBe(409);
    expect(wrongId.body.error.code).toBe("APPROVAL_CONFLICT");
    const wrongName = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "delete_graph_session",
      decision: "approve",
    });
    expect(wrongName.body.error.code).toBe("APPROVAL_CONFLICT");
    // Patched arguments that do not fit clear_graph's schema: 400, and the run stays paused.
    const invalid = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "modify",
      patched_args: { everything: "yes please" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("INVALID_REQUEST");
    expect(await harness.snapshot(runId)).toMatchObject({
      run_status: "paused",
      execution_generation: 1,
      pending_approval: { tool_call_id: toolCallId },
    });

    // Two identical approvals at once: both 2xx, one execution.
    const clearsBefore = countOf(harness.toolCalls, "clear_graph");
    const decision = { tool_call_id: toolCallId, tool_name: "clear_graph", decision: "approve" };
    const [first, second] = await Promise.all([
      harness.decide(runId, decision),
      harness.decide(runId, decision),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(
      [first.body.status, second.body.status].sort((a: string, b: string) => a.localeCompare(b)),
    ).toEqual(expect.arrayContaining(["accepted"]));
    expect(first.body.execution_generation).toBe(2);
    expect(second.body.execution_generation).toBe(2);

    // The same stream goes on from the pause, numbered on without a gap.
    const lastSeq = events.at(-1)?.seq ?? -1;
    const continued = await harness.events(runId, lastSeq);
    expect(continued[0].seq).toBe(lastSeq + 1);
    continued.forEach((event, index) => {
      expect(event.seq).toBe(lastSeq + 1 + index);
      expect(event.execution_generation).toBe(2);
    });
    expect(continued.at(-1)?.type).toBe("run_completed");
    expect(continued).toContainEqual(
      expect.objectContaining({
        type: "tool_completed",
        tool_call_id: toolCallId,
        tool_name: "clear_graph",
        success: true,
      }),
    );
    expect(countOf(harness.toolCalls, "clear_graph") - clearsBefore).toBe(1);

    const done = await harness.snapshot(runId);
    expect(done).toMatchObject({
      run_id: runId,
      run_status: "completed",
      execution_generation: 2,
      terminal_persisted: true,
      can_send: true,
      pending_approval: null,
    });
    // Earlier results are kept; the approved call is a fact of generation 2.
    for (const call of earlier) {
      expect(done.tool_calls).toContainEqual(
        expect.objectContaining({ tool_call_id: call.tool_call_id, status: "succeeded" }),
      );
    }
    expect(done.tool_calls).toContainEqual(
      expect.objectContaining({
        tool_call_id: toolCallId,
        status: "succeeded",
        execution_generation: 2,
      }),
    );

    // A late identical decision is a repeat; a different one is a conflict. Neither executes.
    const repeat = await harness.decide(runId, decision);
    expect(repeat).toMatchObject({
      status: 202,
      body: { status: "accepted", execution_generation: 2 },
    });
    const late = await harness.decide(runId, { ...decision, decision: "reject" });
    expect(late.body.error.code).toBe("APPROVAL_CONFLICT");
    expect(countOf(harness.toolCalls, "clear_graph") - clearsBefore).toBe(1);
  });

  it("records a rejection as the call's result, runs nothing, and the answer says so", async () => {
    const { runId, events, toolCallId } = await pausedClearRun();
    const clearsBefore = countOf(harness.toolCalls, "clear_graph");
    const rejected = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "reject",
      reason: "keep the graph",
    });
    expect(rejected.status).toBe(202);
    const continued = await harness.events(runId, events.at(-1)?.seq ?? -1);
    expect(continued).toContainEqual(
      expect.objectContaining({
        type: "tool_completed",
        tool_call_id: toolCallId,
        success: false,
        error_code: "APPROVAL_REJECTED",
      }),
    );
    expect(continued.at(-1)?.type).toBe("run_completed");
    expect(countOf(harness.toolCalls, "clear_graph")).toBe(clearsBefore);
    const done = await harness.snapshot(runId);
    expect(done.tool_calls).toContainEqual(
      expect.objectContaining({
        tool_call_id: toolCallId,
        status: "failed",
        error_code: "APPROVAL_REJECTED",
      }),
    );
    const answer = done.messages.filter(
      (message: { role: string }) => message.role === "assistant",
    );
    expect(JSON.stringify(answer.at(-1).parts)).toContain("keep the graph");
  });

  it("shows the preview's effect beside an optimisation commit and commits the approved operations (AP-5)", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(
      session.session_id,
      "Remove node n12 and drop isolated nodes",
    );
    const events = await harness.events(started.body.run_id);
    expect(events.at(-1)?.type).toBe("run_paused");
    const paused = await harness.snapshot(started.body.run_id);
    expect(paused.pending_approval.tool_name).toBe("commit_graph_optimization");
    const effect = paused.pending_approval.preview.data.effect;
    expect(effect.before).toEqual({ nodes: 34, edges: 78 });
    // Counted from the fixture itself: removing node n12 removes every edge that touches it.
    const rows = (await readFile(path.join(fixturesDirectory, "karate_edges.csv"), "utf8"))
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",").slice(0, 2));
    const touching = rows.filter((pair) => pair.includes("n12")).length;
    expect(touching).toBeGreaterThan(0);
    expect(effect.after).toEqual({ nodes: 33, edges: 78 - touching });
    const approved = await harness.decide(started.body.run_id, {
      tool_call_id: paused.pending_approval.tool_call_id,
      tool_name: "commit_graph_optimization",
      decision: "approve",
    });
    expect(approved.status).toBe(202);
    const continued = await harness.events(started.body.run_id, events.at(-1)?.seq ?? -1);
    expect(continued.at(-1)?.type).toBe("run_completed");
    const done = await harness.snapshot(started.body.run_id);
    const commit = done.tool_calls.find(
      (call: { tool_name: string }) => call.tool_name === "commit_graph_optimization",
    );
    expect(commit).toMatchObject({ status: "succeeded", execution_generation: 2 });
  });

  it("continues a pause in a process that never saw its events: numbering goes on from the saved seq (EV-2)", async () => {
    const { runId, events, toolCallId } = await pausedClearRun();
    const pausedSeq = events.at(-1)?.seq ?? -1;
    dropRunEventLog(runId); // what a restart does to the in-memory buffer
    // The events outlive the process's buffer: the first phase replays from PostgreSQL.
    const replayed = await harness.events(runId, -1);
    expect(replayed).toEqual(events);
    const approved = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "approve",
    });
    expect(approved.status).toBe(202);
    const continued = await harness.events(runId, pausedSeq);
    expect(continued[0].seq).toBe(pausedSeq + 1);
    expect(continued.at(-1)?.type).toBe("run_completed");
    // Cursors from before the restart are outside this process's window but not lost: they
    // replay from PostgreSQL, up to the pause (a terminal event ends a stream).
    const early = await harness.events(runId, pausedSeq - 2);
    expect(early).toEqual(events.slice(-2));
    // Past the run's last event no seq ever existed.
    const lastSeq = continued.at(-1)?.seq ?? -1;
    const beyond = await runEventsRoute.GET(
      new Request(`http://test.local/x?after_seq=${lastSeq + 1}`, {
        headers: actingAs(harness.userId),
      }),
      routeContext({ run_id: runId }),
    );
    expect(beyond.status).toBe(410);
    expect((await beyond.json()).error.code).toBe("REPLAY_UNAVAILABLE");
  });

  it("refuses bad decisions and other owners' runs without changing anything", async () => {
    const { runId, toolCallId } = await pausedClearRun();
    const unknownDecision = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "maybe",
    });
    expect(unknownDecision).toMatchObject({
      status: 400,
      body: { error: { code: "INVALID_REQUEST" } },
    });
    const patchedApproval = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "approve",
      patched_args: {},
    });
    expect(patchedApproval.status).toBe(400);
    const modifyWithoutArgs = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "modify",
    });
    expect(modifyWithoutArgs.status).toBe(400);

    const stranger = (
      await insertUser({ email: `st-${randomUUID()}@test.local`, displayName: "s" })
    ).id;
    const foreignDecision = await approvalsRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(stranger), "content-type": "application/json" },
        body: JSON.stringify({
          tool_call_id: toolCallId,
          tool_name: "clear_graph",
          decision: "approve",
        }),
      }),
      routeContext({ run_id: runId }),
    );
    expect(foreignDecision.status).toBe(404);
    const foreignCancel = await cancelRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(stranger), "content-type": "application/json" },
        body: JSON.stringify({ cancel_request_id: randomUUID(), run_id: runId }),
      }),
    );
    expect(foreignCancel.status).toBe(404);
    expect(await harness.snapshot(runId)).toMatchObject({
      run_status: "paused",
      execution_generation: 1,
      cancel_status: "none",
      pending_approval: { tool_call_id: toolCallId },
    });
  });

  it("cancels a saved pause without building an agent (PS-4)", async () => {
    const { runId, toolCallId } = await pausedClearRun();
    const cancelled = await harness.cancel({
      cancel_request_id: randomUUID(),
      run_id: runId,
    });
    expect(cancelled).toMatchObject({
      status: 202,
      body: { cancel_status: "confirmed", run_id: runId },
    });
    expect(await harness.snapshot(runId)).toMatchObject({
      run_status: "cancelled",
      cancel_status: "confirmed",
      terminal_persisted: true,
      pending_approval: null,
      can_send: true,
    });
    expect((await harness.snapshot(runId)).tool_calls).toContainEqual(
      expect.objectContaining({ tool_call_id: toolCallId, status: "cancelled" }),
    );
    const late = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "clear_graph",
      decision: "approve",
    });
    expect(late.body.error.code).toBe("APPROVAL_CONFLICT");
  });
});

/** A karate dataset of its own (revision 1), so earlier commits in this file do not shift it. */
async function freshKarate() {
  const dataset = await uploadDataset({
    ownerId: harness.userId,
    projectId: harness.projectId,
    file: {
      filename: "karate_edges.csv",
      bytes: await readFile(path.join(fixturesDirectory, "karate_edges.csv")),
    },
  });
  await constructDataset({ ownerId: harness.userId, datasetId: dataset.dataset_id, options: {} });
  return dataset.dataset_id;
}

async function karateDegree(nodeId: string) {
  const rows = (await readFile(path.join(fixturesDirectory, "karate_edges.csv"), "utf8"))
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").slice(0, 2));
  return rows.filter((pair) => pair.includes(nodeId)).length;
}

async function savedRevisions(datasetId: string) {
  const db = await getDb();
  return db.construction.findMany({
    where: { datasetId },
    orderBy: { revision: "asc" },
    select: {
      revision: true,
      parentRevision: true,
      operations: true,
      nodeCount: true,
      edgeCount: true,
    },
  });
}

type SnapshotCall = {
  tool_call_id: string;
  tool_name: string;
  args: unknown;
  result: { data: { effect: { steps: unknown[] } } };
};

describe("modify runs the reviewer's arguments (AP-3)", () => {
  it("refuses invalid patched operations without effect, then commits exactly the patch: tool call, result, saved revision, answer and decision record", async () => {
    const datasetId = await freshKarate();
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(
      session.session_id,
      "Remove node n12 and drop isolated nodes",
      { attachments: [datasetId] },
    );
    expect(started.status).toBe(202);
    const runId: string = started.body.run_id;
    const events = await harness.events(runId);
    expect(events.at(-1)?.type).toBe("run_paused");
    const paused = await harness.snapshot(runId);
    const pending = paused.pending_approval;
    expect(pending).toMatchObject({
      tool_name: "commit_graph_optimization",
      args: {
        dataset_id: datasetId,
        base_revision: 1,
        operations: [{ op: "remove_nodes", node_ids: ["n12"] }, { op: "drop_isolated" }],
      },
    });
    const toolCallId: string = pending.tool_call_id;
    const commitsBefore = countOf(harness.toolCalls, "commit_graph_optimization");

    // An operation the tool does not know: 400 INVALID_REQUEST naming it, and nothing changes.
    const invalid = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "commit_graph_optimization",
      decision: "modify",
      patched_args: { ...pending.args, operations: [{ op: "delete_everything" }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("INVALID_REQUEST");
    expect(JSON.stringify(invalid.body.error.details.issues)).toContain("operations");
    expect(await harness.snapshot(runId)).toMatchObject({
      run_status: "paused",
      execution_generation: 1,
      pending_approval: { tool_call_id: toolCallId, args: pending.args },
      approvals: [],
    });
    expect(countOf(harness.toolCalls, "commit_graph_optimization")).toBe(commitsBefore);
    expect((await savedRevisions(datasetId)).map((saved) => saved.revision)).toEqual([1]);

    // The reviewer keeps n12, removes n5 instead and leaves out drop_isolated.
    const patchedOperations = [{ op: "remove_nodes", node_ids: ["n5"] }];
    const patched = { ...pending.args, operations: patchedOperations };
    const decided = await harness.decide(runId, {
      tool_call_id: toolCallId,
      tool_name: "commit_graph_optimization",
      decision: "modify",
      patched_args: patched,
    });
    expect(decided).toMatchObject({
      status: 202,
      body: { status: "accepted", execution_generation: 2 },
    });
    const continued = await harness.events(runId, events.at(-1)?.seq ?? -1);
    expect(continued.at(-1)?.type).toBe("run_completed");
    // The continued phase started the paused call with the patch, once.
    const startedCommit = continued.filter(
      (event) => event.type === "tool_started" && event.tool_call_id === toolCallId,
    );
    expect(startedCommit).toHaveLength(1);
    expect(startedCommit[0]).toMatchObject({ args: patched });
    expect(countOf(harness.toolCalls, "commit_graph_optimization") - commitsBefore).toBe(1);

    const done = await harness.snapshot(runId);
    const commit = done.tool_calls.find(
      (call: SnapshotCall) => call.tool_call_id === toolCallId,
    ) as SnapshotCall;
    expect(commit).toMatchObject({ status: "succeeded", execution_generation: 2, args: patched });
    const degree = await karateDegree("n5");
    expect(degree).toBeGreaterThan(0);
    expect(await karateDegree("n12")).not.toBe(degree);
    expect(commit.result.data).toMatchObject({
      dataset_id: datasetId,
      base_revision: 1,
      revision: 2,
      operations: patchedOperations,
      effect: {
        nodesRemoved: 1,
        edgesRemoved: degree,
        touchedNodeIds: ["n5"],
        before: { nodes: 34, edges: 78 },
        after: { nodes: 33, edges: 78 - degree },
      },
    });
    expect(commit.result.data.effect.steps).toHaveLength(1);

    // The saved revision is the patch applied to revision 1: n5 gone, n12 kept.
    const revisions = await savedRevisions(datasetId);
    expect(revisions.map((saved) => saved.revision)).toEqual([1, 2]);
    expect(revisions[1]).toMatchObject({
      parentRevision: 1,
      operations: patchedOperations,
      nodeCount: 33,
      edgeCount: 78 - degree,
    });
    // The constructions API says so too.
    const listed = await listConstructions({ ownerId: harness.userId, datasetId });
    expect(listed.find((saved) => saved.revision === 2)).toMatchObject({
      parent_revision: 1,
      operations: patchedOperations,
    });
    const { graph } = await loadConstructionGraph({
      ownerId: harness.userId,
      datasetId,
      revision: 2,
    });
    expect(graph.nodeIds).toContain("n12");
    expect(graph.nodeIds).not.toContain("n5");

    // The decision stays on the run: the call, what was proposed, the patch, and what ran.
    expect(done.approvals).toEqual([
      {
        tool_call_id: toolCallId,
        tool_name: "commit_graph_optimization",
        decision: "modify",
        proposed_args: pending.args,
        patched_args: patched,
        ran_args: patched,
        reason: null,
        execution_generation: 1,
        decided_at: expect.any(String),
      },
    ]);
    expect(done.pending_approval).toBeNull();

    // The answer reports what ran (the model was told the arguments were modified).
    const answer = JSON.stringify(
      done.messages.filter((message: { role: string }) => message.role === "assistant").at(-1)
        .parts,
    );
    expect(answer).toContain("You modified the operations");
    expect(answer).toContain(`edges 78 → ${78 - degree}`);
    expect(answer).toContain('\\"node_ids\\":[\\"n5\\"]');
    expect(answer).not.toContain("drop_isolated");
  });
});
