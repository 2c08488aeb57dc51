import { type APIRequestContext, expect, type Request, test } from "@playwright/test";
import { ChatPage, openKarateConversation, readAllRunEventsViaApi } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { barabasiAlbertEdgeList } from "./support/barabasi-albert-edge-list";
import { createBuiltProjectViaApi } from "./support/built-project";

const cancelUrl = "**/api/runs/cancel";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type RunJson = {
  run_status: string;
  cancel_status: string | null;
  terminal_persisted: boolean;
  tool_calls: { tool_call_id: string; tool_name: string; status: string }[];
};

async function runJson(request: APIRequestContext, runId: string): Promise<RunJson> {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RunJson;
}

async function expectRunCancelEnabled(request: APIRequestContext): Promise<void> {
  const capabilities = (await (await request.get("/api/capabilities")).json()) as {
    run_cancel_v1: boolean;
    details?: Record<string, unknown>;
  };
  expect(
    capabilities.run_cancel_v1,
    `run_cancel_v1 is on for the e2e server (${JSON.stringify(capabilities.details)})`,
  ).toBe(true);
}

test("Stop ends a long betweenness run within seconds, honestly reporting a failed first try", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await expectRunCancelEnabled(request);
  // ~18,000 nodes: below the exact-betweenness limit (20,000), so the ranking takes tens of
  // seconds — long enough to be stopped in the middle. Under the 1 MiB e2e upload limit.
  const edgeList = Buffer.from(barabasiAlbertEdgeList({ nodeCount: 18_000, edgesPerNode: 3 }));
  expect(edgeList.byteLength).toBeLessThan(1024 * 1024);
  const { projectId } = await createBuiltProjectViaApi(request, {
    projectName: uniqueName("Chat stop"),
    file: { name: "ba-18k.txt", mimeType: "text/plain", buffer: edgeList },
    datasetName: "ba-18k",
    buildTimeoutMs: 120_000,
  });

  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  const sessionId = await chat.createSession();
  await chat.attach("ba-18k");
  const runId = await chat.ask("rank the nodes by betweenness centrality");
  const centrality = chat.toolCard(runId, "node_centrality");
  await expect(centrality).toHaveAttribute("data-status", "running", { timeout: 90_000 });
  const stop = chat.stopButton(runId);
  await expect(stop).toHaveText("Stop");
  await expect(stop).toHaveAttribute("data-state", "idle");

  // First press: the server cannot record the stop (database down). The page must say so, not
  // pretend, and keep the button for a retry.
  const cancelBodies: Record<string, unknown>[] = [];
  let failNext = true;
  await page.route(cancelUrl, async (route) => {
    cancelBodies.push(route.request().postDataJSON() as Record<string, unknown>);
    if (failNext) {
      failNext = false;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "CANCEL_NOT_CONFIRMED",
            message: "The stop could not be recorded: the database is not reachable.",
            details: {},
          },
        }),
      });
    }
    // Held back a moment so "Stopping…" is on screen before the server even hears of it.
    await new Promise((resolve) => setTimeout(resolve, 800));
    return route.continue();
  });
  await stop.click();
  await expect(stop).toHaveAttribute("data-state", "failed");
  await expect(chat.stopStatus(runId)).toContainText("Could not confirm the stop");
  await expect(stop).toBeEnabled();
  await expect(centrality).toHaveAttribute("data-status", "running");
  await page.screenshot({ path: testInfo.outputPath("chat-stop-not-confirmed.png") });

  // Second press: the same stop (same cancel_request_id), now accepted.
  const accepted = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith("/api/runs/cancel"),
  );
  const pressedAt = Date.now();
  await stop.click();
  await expect(stop).toHaveText("Stopping…");
  await expect(stop).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("chat-stopping.png") });
  const answer = await accepted;
  expect(answer.status()).toBe(202);
  expect((await answer.json()) as Record<string, unknown>).toMatchObject({ run_id: runId });
  expect(cancelBodies).toHaveLength(2);
  expect(cancelBodies[0].cancel_request_id).toMatch(uuidPattern);
  expect(cancelBodies[1]).toEqual({
    cancel_request_id: cancelBodies[0].cancel_request_id,
    run_id: runId,
  });
  await page.unroute(cancelUrl);

  await expect(stop).toHaveText("Stopped", { timeout: 15_000 });
  testInfo.annotations.push({
    type: "timing",
    description: `Stopped shown ${Date.now() - pressedAt} ms after the accepted press (incl. the 800 ms hold)`,
  });
  await chat.expectRunStatus(runId, "cancelled", 30_000);
  await expect(chat.stopStatus(runId)).toContainText("stopped");
  await expect(centrality).not.toHaveAttribute("data-status", /^(running|succeeded)$/);
  const cardsAtStop = await chat.toolCards(runId).count();
  await page.screenshot({ path: testInfo.outputPath("chat-stopped.png"), fullPage: true });

  // Nothing runs after a confirmed stop: no later card, and the record agrees.
  await page.waitForTimeout(3000);
  await expect(chat.toolCards(runId)).toHaveCount(cardsAtStop);
  const saved = await runJson(request, runId);
  expect(saved.run_status).toBe("cancelled");
  expect(saved.cancel_status).toBe("confirmed");
  expect(saved.terminal_persisted).toBe(true);
  // The record may leave out a call that never finished; it never holds one the page lacks.
  expect(saved.tool_calls.length).toBeLessThanOrEqual(cardsAtStop);
  expect(saved.tool_calls.find((call) => call.tool_name === "node_centrality")?.status).not.toBe(
    "succeeded",
  );
  const events = await readAllRunEventsViaApi(request, runId);
  expect(events.at(-1)?.type).toBe("run_cancelled");
  expect(events.filter((event) => event.type === "run_cancelled")).toHaveLength(1);
  const rankingStarted = events.findIndex(
    (event) => event.type === "tool_started" && event.data.tool_name === "node_centrality",
  );
  expect(rankingStarted).toBeGreaterThan(-1);
  expect(events.slice(rankingStarted + 1).map((event) => event.type)).not.toContain("tool_started");

  // The box is usable again right away.
  await chat.messageInput.fill("How many nodes are there?");
  await expect(chat.sendButton).toBeEnabled();
  const session = (await (await request.get(`/api/sessions/${sessionId}`)).json()) as {
    can_send: boolean;
  };
  expect(session.can_send).toBe(true);
});

test("Stop on a run paused at an approval saves it as cancelled", async ({ page, request }) => {
  test.setTimeout(180_000);
  await expectRunCancelEnabled(request);
  const { chat } = await openKarateConversation(page, request, "Chat stop paused");
  const runId = await chat.ask("Clear the graph");
  await chat.expectPausedForApproval(runId, "clear_graph");

  const cancelRequests: Request[] = [];
  page.on("request", (candidate) => {
    if (candidate.method() === "POST" && candidate.url().endsWith("/api/runs/cancel")) {
      cancelRequests.push(candidate);
    }
  });
  const stop = chat.stopButton(runId);
  await expect(stop).toHaveText("Stop");
  await stop.focus();
  await page.keyboard.press("Enter");
  await expect(stop).toHaveText("Stopped", { timeout: 15_000 });
  await chat.expectRunStatus(runId, "cancelled", 30_000);
  await expect(chat.approvalCard(runId)).toHaveCount(0);
  await expect(chat.toolCard(runId, "clear_graph")).not.toHaveAttribute(
    "data-status",
    /^(succeeded|running|awaiting_approval)$/,
  );
  expect(cancelRequests).toHaveLength(1);
  const saved = await runJson(request, runId);
  expect(saved.run_status).toBe("cancelled");
  expect(saved.cancel_status).toBe("confirmed");
});
