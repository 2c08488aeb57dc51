import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { watchConsoleErrors } from "./support/console-errors";

// What a run used, seen from the browser: the muted usage line under the answer, the Timeline
// with a bar per tool call, and the Usage page's row for the day and the offline model.

type SavedRun = {
  tool_calls: { tool_name: string; started_at: string | null }[];
  usage: { model_calls: number; input_tokens: number; output_tokens: number; tool_calls: number };
};

test("a chat answer shows its usage and timeline, and the Usage page the day's local-rules row", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const { chat } = await openKarateConversation(page, request, "Usage");
  await chat.attach("karate");
  const runId = await chat.ask("Which nodes have the highest PageRank?");
  await chat.expectCompleted(runId, 90_000);

  // The saved run says which tool calls started; the page must show the same.
  const saved = (await (await request.get(`/api/runs/${runId}`)).json()) as SavedRun;
  const started = saved.tool_calls.filter((call) => call.started_at !== null);
  expect(started.length).toBeGreaterThan(0);
  expect(saved.usage.tool_calls).toBe(started.length);
  expect(saved.usage.input_tokens + saved.usage.output_tokens).toBe(0);

  const run = chat.run(runId);
  const usageLine = run.getByTestId("run-usage");
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  await expect(usageLine).toHaveText(
    new RegExp(
      `^${plural(saved.usage.model_calls, "model call")} · 0 tokens · ${plural(
        started.length,
        "tool call",
      )} · \\d+\\.\\d s$`,
    ),
  );

  await run.getByTestId("run-timeline-toggle").click();
  await expect(run.getByTestId("run-timeline-toggle")).toHaveAttribute("aria-expanded", "true");
  const toolBars = run.locator('[data-testid="timeline-entry"][data-kind="tool_call"]');
  await expect(toolBars).toHaveCount(started.length);
  // Calls of one batch start together: compare the names, not their order.
  expect(
    (await toolBars.evaluateAll((bars) => bars.map((bar) => bar.dataset.name ?? ""))).sort(),
  ).toEqual(started.map((call) => call.tool_name).sort());
  await expect(run.locator('[data-testid="timeline-entry"][data-kind="model_call"]')).toHaveCount(
    saved.usage.model_calls,
  );
  for (const duration of await run
    .getByTestId("timeline-entry")
    .evaluateAll((bars) => bars.map((bar) => bar.dataset.durationMs))) {
    expect(Number(duration)).toBeGreaterThanOrEqual(0);
  }
  await run.getByTestId("run-timeline").scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath("run-usage-and-timeline.png"),
    fullPage: true,
  });

  // The Usage page: today's row for the offline model counts this run (the project is new).
  await chat.navLink("Usage").click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(chat.heading()).toHaveText("Usage");
  await expect(chat.navLink("Usage")).toHaveAttribute("aria-current", "page");
  const today = new Date().toISOString().slice(0, 10);
  const dayRow = page.locator(
    `[data-testid="usage-days-row"][data-model="local-rules"][data-day="${today}"]`,
  );
  await expect(dayRow).toBeVisible();
  const cells = await dayRow.locator("td").allInnerTexts();
  // Model, model calls, input tokens, output tokens, tool calls, time.
  expect(cells.slice(0, 5)).toEqual([
    "local-rules",
    String(saved.usage.model_calls),
    "0",
    "0",
    String(started.length),
  ]);
  await expect(
    page.locator('[data-testid="usage-totals-row"][data-model="local-rules"]'),
  ).toBeVisible();
  await expect(page.getByTestId("usage-chart")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("usage-page.png"), fullPage: true });

  // A range before the run shows the empty state, not an empty table.
  await page.getByTestId("usage-range-from").fill("2025-01-01");
  await page.getByTestId("usage-range-to").fill("2025-01-31");
  await page.getByTestId("usage-range-apply").click();
  await expect(page.getByTestId("usage-empty")).toBeVisible();
  expect(errors).toEqual([]);
});
