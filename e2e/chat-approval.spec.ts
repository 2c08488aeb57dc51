import { type APIRequestContext, expect, test } from "@playwright/test";
import { openKarateConversation, readAllRunEventsViaApi } from "./pages/chat-page";

// local-rules plans exactly one clear_graph call for this (plan-clear.ts); the runtime pauses it.
const clearQuestion = "Clear the graph";

type RunJson = {
  run_status: string;
  execution_generation: number;
  terminal_persisted: boolean;
  pending_approval: unknown;
  tool_calls: { tool_call_id: string; tool_name: string; status: string }[];
};

async function runJson(request: APIRequestContext, runId: string): Promise<RunJson> {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RunJson;
}

test("clear_graph waits at an approval card; Approve (keyboard) runs it in the same run", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { chat, sessionId } = await openKarateConversation(page, request, "Chat approval");
  await chat.attach("karate");
  const loadRunId = await chat.ask("load the graph");
  await chat.expectCompleted(loadRunId);
  await expect(chat.toolCard(loadRunId, "load_constructed_graph")).toHaveAttribute(
    "data-status",
    "succeeded",
  );

  const runId = await chat.ask(clearQuestion);
  const card = await chat.expectPausedForApproval(runId, "clear_graph");
  await expect(card.getByTestId("approval-tool-name")).toHaveText("clear_graph");
  await expect(card.getByTestId("approval-args")).toHaveText("{}");
  await expect(chat.sendDisabledReason).toContainText("waiting for your approval");
  // The server agrees: paused, with the pending step recorded.
  const paused = await runJson(request, runId);
  expect(paused.run_status).toBe("paused");
  expect(paused.pending_approval).toMatchObject({ tool_name: "clear_graph" });
  const toolCallId = (await card.getAttribute("data-tool-call-id")) as string;
  await page.screenshot({ path: testInfo.outputPath("chat-approval-card.png"), fullPage: true });

  // Keyboard only: the decision buttons are reachable and labelled.
  const decision = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith(`/runs/${runId}/approvals`),
  );
  const approve = card.getByTestId("approval-approve");
  await approve.focus();
  await expect(approve).toBeFocused();
  await expect(approve).toHaveAccessibleName("Approve");
  await page.keyboard.press("Enter");
  const answer = await decision;
  expect(answer.status()).toBe(202);
  expect(answer.request().postDataJSON()).toEqual({
    tool_call_id: toolCallId,
    tool_name: "clear_graph",
    decision: "approve",
  });

  // The same run goes on: the same card runs and succeeds, no second run appears.
  await chat.expectCompleted(runId);
  await expect(chat.approvalCard(runId)).toHaveCount(0);
  const clearCard = chat.toolCard(runId, "clear_graph");
  await expect(clearCard).toHaveCount(1);
  await expect(clearCard).toHaveAttribute("data-tool-call-id", toolCallId);
  await expect(clearCard).toHaveAttribute("data-status", "succeeded");
  await expect(chat.run(runId).getByTestId("approval-decision-note")).toContainText("approved");
  await expect(chat.answer(runId)).toContainText("cleared");
  await expect(chat.runs).toHaveCount(2);
  await page.screenshot({
    path: testInfo.outputPath("chat-approval-approved.png"),
    fullPage: true,
  });

  // The stream numbered both phases as one run: seq without gaps, generation 2 after the pause.
  const events = await readAllRunEventsViaApi(request, runId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  const pausedAt = events.findIndex((event) => event.type === "run_paused");
  expect(pausedAt).toBeGreaterThan(0);
  expect(
    events
      .slice(0, pausedAt)
      .some(
        (event) => event.type === "approval_required" && event.data.tool_call_id === toolCallId,
      ),
  ).toBe(true);
  const afterPause = events.slice(pausedAt + 1);
  expect(afterPause.length).toBeGreaterThan(0);
  for (const event of afterPause) expect(event.data.execution_generation).toBe(2);
  expect(afterPause.at(-1)?.type).toBe("run_completed");
  expect(
    afterPause.some(
      (event) => event.type === "tool_completed" && event.data.tool_call_id === toolCallId,
    ),
  ).toBe(true);

  const saved = await runJson(request, runId);
  expect(saved.run_status).toBe("completed");
  expect(saved.execution_generation).toBe(2);
  const session = (await (await request.get(`/api/sessions/${sessionId}`)).json()) as {
    can_send: boolean;
    pending_approval: unknown;
  };
  expect(session.can_send).toBe(true);
  expect(session.pending_approval ?? null).toBeNull();
});

test("Modify checks the JSON and shows the server's refusal; Reject with a reason skips the step", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { chat } = await openKarateConversation(page, request, "Chat reject");
  // With no graph loaded local-rules still asks for clear_graph alone, which still pauses.
  const runId = await chat.ask(clearQuestion);
  const card = await chat.expectPausedForApproval(runId, "clear_graph");

  const approvalPosts: string[] = [];
  page.on("request", (candidate) => {
    if (candidate.method() === "POST" && candidate.url().endsWith(`/runs/${runId}/approvals`)) {
      approvalPosts.push(candidate.postData() ?? "");
    }
  });

  // Invalid JSON is caught beside the editor and never sent.
  await card.getByTestId("approval-modify").click();
  const editor = card.getByTestId("approval-args-input");
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue("{}");
  await expect(card.getByTestId("approval-args-diff-empty")).toBeVisible();
  await expect(card.getByTestId("approval-modify-submit")).toBeDisabled();
  await editor.fill('{"force": tru');
  await expect(card.getByTestId("approval-args-json-error")).toContainText("not valid JSON");
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await expect(card.getByTestId("approval-modify-submit")).toBeDisabled();

  // A change is listed key by key before sending; clear_graph takes no arguments, so the
  // server refuses it (400 INVALID_REQUEST) and the run stays paused.
  await editor.fill('{"force": true}');
  const entry = card.getByTestId("approval-args-diff-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-key", "force");
  await expect(entry).toHaveAttribute("data-kind", "added");
  const refused = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith(`/runs/${runId}/approvals`),
  );
  await card.getByTestId("approval-modify-submit").click();
  expect((await refused).status()).toBe(400);
  expect(approvalPosts).toHaveLength(1);
  expect(JSON.parse(approvalPosts[0])).toMatchObject({
    decision: "modify",
    patched_args: { force: true },
  });
  await expect(card.getByTestId("approval-modify-error-code")).toHaveText("INVALID_REQUEST");
  await expect(card).toHaveAttribute("data-state", "error");
  await expect(editor).toHaveValue('{"force": true}');
  await expect(chat.run(runId)).toHaveAttribute("data-run-status", "paused");
  expect((await runJson(request, runId)).run_status).toBe("paused");
  await page.screenshot({ path: testInfo.outputPath("chat-approval-modify-refused.png") });

  // Reject, with a reason, from the keyboard.
  await card.getByTestId("approval-reject").click();
  const reason = card.getByTestId("approval-reject-reason");
  await expect(reason).toBeFocused();
  await page.keyboard.type("Keep the graph for now");
  const rejected = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith(`/runs/${runId}/approvals`),
  );
  await card.getByTestId("approval-reject-submit").click();
  expect((await rejected).status()).toBe(202);
  expect(JSON.parse(approvalPosts[1])).toMatchObject({
    decision: "reject",
    reason: "Keep the graph for now",
  });

  await chat.expectRunStatus(runId, "completed");
  await expect(chat.approvalCard(runId)).toHaveCount(0);
  const clearCard = chat.toolCard(runId, "clear_graph");
  await expect(clearCard).toHaveCount(1);
  await expect(clearCard).not.toHaveAttribute(
    "data-status",
    /^(succeeded|running|awaiting_approval)$/,
  );
  await expect(chat.run(runId).getByTestId("approval-decision-note")).toContainText("rejected");
  const saved = await runJson(request, runId);
  expect(saved.tool_calls.find((call) => call.tool_name === "clear_graph")?.status).not.toBe(
    "succeeded",
  );
  await page.screenshot({
    path: testInfo.outputPath("chat-approval-rejected.png"),
    fullPage: true,
  });
});

test("a card decided elsewhere answers APPROVAL_CONFLICT and the page follows the run instead", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { chat } = await openKarateConversation(page, request, "Chat stale approval");
  const runId = await chat.ask(clearQuestion);
  const card = await chat.expectPausedForApproval(runId, "clear_graph");
  const toolCallId = (await card.getAttribute("data-tool-call-id")) as string;

  // "Another tab" rejects first, and the run moves on without this page knowing.
  const elsewhere = await request.post(`/api/runs/${runId}/approvals`, {
    data: { tool_call_id: toolCallId, tool_name: "clear_graph", decision: "reject" },
  });
  expect(elsewhere.status()).toBe(202);
  await expect
    .poll(async () => (await runJson(request, runId)).run_status, { timeout: 60_000 })
    .toBe("completed");

  const conflict = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith(`/runs/${runId}/approvals`),
  );
  await card.getByTestId("approval-approve").click();
  const answer = await conflict;
  expect(answer.status()).toBe(409);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
    "APPROVAL_CONFLICT",
  );
  await expect(chat.run(runId).getByTestId("approval-stale")).toContainText("no longer current");
  // The page re-read the run: no card left, the rejected step and the finished run shown.
  await chat.expectRunStatus(runId, "completed");
  await expect(chat.approvalCard(runId)).toHaveCount(0);
  await expect(chat.toolCard(runId, "clear_graph")).not.toHaveAttribute(
    "data-status",
    /^(succeeded|awaiting_approval)$/,
  );
});
