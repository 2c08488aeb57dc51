import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import { generateBarabasiAlbert } from "@/bench/generate-barabasi-albert";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { resetEnvForTests } from "@/lib/env";
import { createSession } from "@/lib/sessions/create-session";
import { type RunHarness, startRunHarness } from "../support/run-harness";

let harness: RunHarness;
let bigGraphId: string;

beforeAll(async () => {
  harness = await startRunHarness();
  // Exact betweenness of ~15,000 nodes takes tens of seconds: a long algorithm to stop.
  const text = generateBarabasiAlbert({ nodes: 15_000, m: 3, seed: 7, weighted: false });
  const dataset = await uploadDataset({
    ownerId: harness.userId,
    projectId: harness.projectId,
    file: { filename: "ba-15000.txt", bytes: Buffer.from(text) },
  });
  bigGraphId = dataset.dataset_id;
  await constructDataset({ ownerId: harness.userId, datasetId: bigGraphId, options: {} });
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function newSession() {
  return (await createSession({ ownerId: harness.userId, projectId: harness.projectId }))
    .session_id;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("cancel (RC-1, RC-3…RC-6)", () => {
  it("reports the capability from IGRAPH_RUN_CANCEL_ENABLED and refuses cancels when it is off", async () => {
    const on = await (await capabilitiesRoute.GET(new Request("http://x"))).json();
    expect(on.run_cancel_v1).toBe(true);
    process.env.IGRAPH_RUN_CANCEL_ENABLED = "false";
    resetEnvForTests();
    try {
      const off = await (await capabilitiesRoute.GET(new Request("http://x"))).json();
      expect(off.run_cancel_v1).toBe(false);
      expect(off.details.run_cancel_v1).toContain("IGRAPH_RUN_CANCEL_ENABLED");
      const refused = await harness.cancel({
        cancel_request_id: randomUUID(),
        run_id: randomUUID(),
      });
      expect(refused.status).toBe(400);
    } finally {
      process.env.IGRAPH_RUN_CANCEL_ENABLED = "true";
      resetEnvForTests();
    }
  });

  it("needs exactly one target and binds a cancel id to its target", async () => {
    const both = await harness.cancel({
      cancel_request_id: randomUUID(),
      run_id: randomUUID(),
      start_request_id: randomUUID(),
    });
    expect(both).toMatchObject({ status: 400, body: { error: { code: "INVALID_CANCEL_TARGET" } } });
    const neither = await harness.cancel({ cancel_request_id: randomUUID() });
    expect(neither.body.error.code).toBe("INVALID_CANCEL_TARGET");
    const unknownRun = await harness.cancel({
      cancel_request_id: randomUUID(),
      run_id: randomUUID(),
    });
    expect(unknownRun.status).toBe(404);

    const cancelId = randomUUID();
    const first = await harness.cancel({
      cancel_request_id: cancelId,
      start_request_id: randomUUID(),
    });
    expect(first.status).toBe(202);
    const again = await harness.cancel({
      cancel_request_id: cancelId,
      start_request_id: randomUUID(),
    });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "CANCEL_ID_CONFLICT" } } });
  });

  it("a cancel by start_request_id sent before the start wins: the start runs nothing", async () => {
    const sessionId = await newSession();
    const startRequestId = randomUUID();
    const cancelled = await harness.cancel({
      cancel_request_id: randomUUID(),
      start_request_id: startRequestId,
    });
    expect(cancelled).toMatchObject({
      status: 202,
      body: { cancel_status: "requested", run_id: null },
    });
    const callsBefore = harness.toolCalls.length;
    const started = await harness.startRun(sessionId, "rank the nodes by pagerank", {
      startRequestId,
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ run_status: "cancelled", cancel_status: "confirmed" });
    const events = await harness.events(started.body.run_id);
    expect(events.map((event) => event.type)).toEqual(["run_cancelled"]);
    expect(harness.toolCalls.length).toBe(callsBefore);
    expect(await harness.snapshot(started.body.run_id)).toMatchObject({
      run_status: "cancelled",
      cancel_status: "confirmed",
      terminal_persisted: true,
      tool_calls: [],
    });
    // The session is free again, and a retry of the same start gives the same cancelled run.
    const retry = await harness.startRun(sessionId, "rank the nodes by pagerank", {
      startRequestId,
    });
    expect(retry.body.run_id).toBe(started.body.run_id);
    expect((await harness.session(sessionId)).can_send).toBe(true);
  });

  it("stops a long algorithm: confirmed within 2 s, and no later tool starts", async ({
    annotate,
  }) => {
    const sessionId = await newSession();
    const started = await harness.startRun(sessionId, "rank the nodes by betweenness centrality", {
      attachments: [bigGraphId],
    });
    expect(started.status).toBe(202);
    const runId: string = started.body.run_id;
    const streamed = harness.events(runId);
    // Wait until the betweenness call is running.
    const running = await waitFor(
      () => harness.snapshot(runId),
      (snapshot) =>
        harness.toolCalls.includes("node_centrality") && snapshot.run_status === "running",
      60_000,
    );
    expect(running.run_status).toBe("running");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const callsAtCancel = harness.toolCalls.length;
    const cancelAt = Date.now();
    const cancel = await harness.cancel({ cancel_request_id: randomUUID(), run_id: runId });
    expect(cancel.status).toBe(202);
    expect(["requested", "stopping", "confirmed"]).toContain(cancel.body.cancel_status);
    const confirmed = await waitFor(
      () => harness.snapshot(runId),
      (snapshot) => snapshot.cancel_status === "confirmed",
      10_000,
    );
    const confirmMs = Date.now() - cancelAt;
    expect(confirmed).toMatchObject({
      run_status: "cancelled",
      cancel_status: "confirmed",
      execution_stopped: true,
      terminal_persisted: true,
      can_send: true,
    });
    await annotate(`cancel confirmed ${confirmMs} ms after the request`, "timing");
    expect(confirmMs).toBeLessThan(2_000);
    const events: RunEvent[] = await streamed;
    expect(events.at(-1)?.type).toBe("run_cancelled");
    const cancelledAt = events.findIndex((event) => event.type === "run_cancelled");
    expect(events.slice(cancelledAt + 1)).toEqual([]);
    const centrality = confirmed.tool_calls.find(
      (call: { tool_name: string }) => call.tool_name === "node_centrality",
    );
    expect(centrality.status).toBe("cancelled");
    // Nothing started after the stop, then or later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(harness.toolCalls.length).toBe(callsAtCancel);
    // A repeated cancel with the same id answers the settled state.
    const again = await harness.cancel({ cancel_request_id: randomUUID(), run_id: runId });
    expect(again.body.cancel_status).toBe("confirmed");
  }, 120_000);
});
