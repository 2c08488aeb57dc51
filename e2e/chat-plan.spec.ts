import { expect, type Locator, test } from "@playwright/test";
import { type ChatPage, openKarateConversation, readAllRunEventsViaApi } from "./pages/chat-page";

// Planning `always` (which turns reasoning on) with the offline model: the plan is a checklist
// above the answer and the checks a reasoning block, live while the run works and after a
// reload from the saved run.

const planOf = (chat: ChatPage, runId: string) => chat.run(runId).getByTestId("plan-checklist");
const stepsOf = (plan: Locator) => plan.getByTestId("plan-step");
const reasoningOf = (chat: ChatPage, runId: string) =>
  chat.run(runId).getByTestId("reasoning-block");

async function expectStatuses(plan: Locator, statuses: string[]) {
  await expect(stepsOf(plan)).toHaveCount(statuses.length);
  for (const [index, status] of statuses.entries()) {
    await expect(stepsOf(plan).nth(index)).toHaveAttribute("data-status", status);
  }
}

test("the plan shows as a checklist and the checks as a reasoning block, live and after a reload", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { chat } = await openKarateConversation(page, request, "Chat plan");
  await chat.planningSelect.selectOption("always");
  await chat.attach("karate");

  // A question with two analyses: graph, PageRank, communities, answer — all done at the end.
  const rankRunId = await chat.ask("rank the top 5 nodes by pagerank and detect the communities");
  await chat.expectCompleted(rankRunId);
  const rankPlan = planOf(chat, rankRunId);
  await expect(rankPlan).toBeVisible();
  await expectStatuses(rankPlan, ["done", "done", "done", "done"]);
  await expect(stepsOf(rankPlan)).toHaveText([
    /Load "karate"/,
    /Top nodes by PageRank/,
    /Communities/,
    /Write the answer/,
  ]);
  await expect(rankPlan.getByTestId("plan-progress")).toHaveText("4 of 4 done");
  // The checklist sits above the answer.
  const planBox = await rankPlan.boundingBox();
  const answerBox = await chat.answer(rankRunId).boundingBox();
  expect(planBox && answerBox && planBox.y < answerBox.y).toBe(true);
  // The run has finished: its reasoning is folded, and opens on a click.
  const rankReasoning = reasoningOf(chat, rankRunId);
  await expect(rankReasoning).not.toHaveAttribute("open", "");
  await rankReasoning.locator("summary").click();
  await expect(rankReasoning.getByTestId("reasoning-text")).toContainText(
    "- node_centrality: graph loaded? yes",
  );

  // Live: a clear pauses for approval, so the run is caught working — its step runs, the
  // reasoning block is open and says why it waits.
  const clearRunId = await chat.ask("Clear the graph");
  await chat.expectPausedForApproval(clearRunId, "clear_graph");
  const clearPlan = planOf(chat, clearRunId);
  await expectStatuses(clearPlan, ["running", "pending"]);
  const clearReasoning = reasoningOf(chat, clearRunId);
  await expect(clearReasoning).toHaveAttribute("open", "");
  await expect(clearReasoning.getByTestId("reasoning-text")).toContainText(
    "clear_graph: needs your approval: the run pauses first.",
  );
  await page.screenshot({ path: testInfo.outputPath("chat-plan-live.png"), fullPage: true });
  await chat.approvalCard(clearRunId).getByTestId("approval-approve").click();
  await chat.expectCompleted(clearRunId);
  await expectStatuses(clearPlan, ["done", "done"]);
  await expect(clearReasoning).not.toHaveAttribute("open", "");

  // The events said the same: the plan before the first tool, the checks before it too.
  const events = await readAllRunEventsViaApi(request, clearRunId);
  const firstTool = events.findIndex((event) => event.type === "approval_required");
  expect(events.findIndex((event) => event.type === "plan_updated")).toBeLessThan(firstTool);
  expect(events.findIndex((event) => event.type === "reasoning_delta")).toBeLessThan(firstTool);

  // After a reload both runs are drawn from their saved records.
  await page.reload();
  await expect(chat.run(rankRunId)).toHaveAttribute("data-run-status", "completed", {
    timeout: 60_000,
  });
  await expect(chat.run(clearRunId)).toHaveAttribute("data-run-status", "completed", {
    timeout: 60_000,
  });
  await expectStatuses(planOf(chat, rankRunId), ["done", "done", "done", "done"]);
  await expectStatuses(planOf(chat, clearRunId), ["done", "done"]);
  const reloaded = reasoningOf(chat, clearRunId);
  await expect(reloaded).not.toHaveAttribute("open", "");
  await reloaded.locator("summary").click();
  await expect(reloaded.getByTestId("reasoning-text")).toContainText(
    "clear_graph: needs your approval: the run pauses first.",
  );
  await page.screenshot({ path: testInfo.outputPath("chat-plan-reloaded.png"), fullPage: true });
});
