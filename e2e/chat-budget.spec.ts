import { expect, test } from "@playwright/test";
import { openKarateWithClubConversation } from "./pages/chat-page";

// A run's budget from the composer: the three fields show the server's defaults, a value the
// server would refuse is named before anything is sent, and a run with a tool-call budget of 1
// ends completed with the budget notice and an answer that says what was done.

type Capabilities = {
  run_budget_defaults: { max_tool_calls: number; max_seconds: number; max_tokens: number | null };
};

test("the composer's budget fields show the defaults; a tool-call budget of 1 ends the run with the budget notice and an answer", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const capabilities = (await (await request.get("/api/capabilities")).json()) as Capabilities;
  const defaults = capabilities.run_budget_defaults;
  const chat = await openKarateWithClubConversation(page, request, "Chat budget");

  const toolCalls = page.getByTestId("budget-tool-calls");
  const seconds = page.getByTestId("budget-seconds");
  const tokens = page.getByTestId("budget-tokens");
  await expect(page.getByLabel("Max tool calls")).toBeVisible();
  await expect(toolCalls).toHaveAttribute("placeholder", String(defaults.max_tool_calls));
  await expect(seconds).toHaveAttribute("placeholder", String(defaults.max_seconds));
  await expect(tokens).toHaveAttribute(
    "placeholder",
    defaults.max_tokens === null ? "no limit" : String(defaults.max_tokens),
  );

  // Out of range: named under the field, and the message cannot be sent.
  await chat.messageInput.fill("Train a node classifier on karate to predict club");
  await toolCalls.fill("0");
  await expect(page.getByTestId("budget-tool-calls-error")).toHaveText(
    "A whole number from 1 to 1,000.",
  );
  await expect(page.getByTestId("send-button")).toBeDisabled();

  await toolCalls.fill("1");
  await expect(page.getByTestId("budget-tool-calls-error")).toHaveCount(0);
  const sent = page.waitForRequest(
    (candidate) =>
      candidate.method() === "POST" && /\/api\/sessions\/[^/]+\/runs$/.test(candidate.url()),
  );
  const runId = await chat.ask("Train a node classifier on karate to predict club");
  const body = (await sent).postDataJSON() as { options: { budget?: unknown } };
  // Only the field that was filled in is sent; the others keep the server's defaults.
  expect(body.options.budget).toEqual({ max_tool_calls: 1 });

  await chat.expectCompleted(runId, 120_000);
  const notice = chat.run(runId).getByTestId("budget-stop-notice");
  await expect(notice).toContainText("Stopped: tool-call budget of 1 reached");
  // One call ran; the one the model asked for next never started.
  await expect(
    chat.run(runId).locator('[data-testid="tool-card"][data-status="succeeded"]'),
  ).toHaveCount(1);
  await expect(chat.toolCard(runId, "train")).toHaveAttribute("data-status", "cancelled");
  await expect(chat.answer(runId)).toContainText("Stopped: tool-call budget of 1 reached");
  await expect(chat.answer(runId)).toContainText("Done before the stop (1 tool call)");
  await expect(chat.answer(runId)).toContainText("Not started: train.");

  const snapshot = (await (await request.get(`/api/runs/${runId}`)).json()) as {
    run_status: string;
    stop_reason: string | null;
    budget: { max_tool_calls: number };
  };
  expect(snapshot.run_status).toBe("completed");
  expect(snapshot.stop_reason).toBe("budget");
  expect(snapshot.budget.max_tool_calls).toBe(1);
});
