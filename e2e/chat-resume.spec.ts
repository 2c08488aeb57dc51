import { expect, test } from "@playwright/test";
import { ChatPage, createBuiltShopProjectViaApi } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { shopSql } from "./support/fixture-paths";

const question = "find the key customers that connect several communities";

type SessionJson = {
  runs: { run_id: string; run_status: string; terminal_persisted: boolean }[];
  active_run: { run_id: string } | null;
  can_send: boolean;
};

test("a refresh during a run reconnects to the same run and its answer completes", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { projectId } = await createBuiltShopProjectViaApi(request, {
    projectName: uniqueName("Chat resume"),
    shopSqlPath: shopSql,
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  const sessionId = await chat.createSession();
  await chat.attach("shop");
  const runId = await chat.ask(question);

  // Reload at once, while the run is (most likely) still working.
  const eventRequests: string[] = [];
  page.on("request", (candidate) => {
    if (candidate.url().includes(`/api/runs/${runId}/events`)) eventRequests.push(candidate.url());
  });
  await page.reload();
  const atReload = (await (await request.get(`/api/sessions/${sessionId}`)).json()) as SessionJson;
  const wasLive = atReload.active_run?.run_id === runId;
  testInfo.annotations.push({
    type: "timing",
    description: wasLive
      ? "the run was still live after the reload: the page resumed its event stream"
      : "the run had finished before the reload: the page showed the saved run",
  });

  // The same conversation and the same run come back; nothing is sent again.
  await expect(page).toHaveURL(new RegExp(`session=${sessionId}`));
  await expect(chat.runs).toHaveCount(1);
  await expect(chat.run(runId)).toBeVisible();
  await chat.expectCompleted(runId);
  await expect(chat.toolCard(runId, "node_centrality").first()).toHaveAttribute(
    "data-status",
    "succeeded",
  );
  await expect(chat.answer(runId)).toContainText("Customer");
  // Reconnecting reads the run's events from the start of its buffer (cursor -1). Whether the
  // page reconnects at all depends on what its own snapshot said: a run still live when the test
  // sampled it may have finished before the page read it (then it shows the saved run).
  if (wasLive && eventRequests.length > 0) {
    expect(eventRequests[0]).toContain("after_seq=-1");
  }
  await page.screenshot({ path: testInfo.outputPath("chat-after-refresh.png"), fullPage: true });

  const after = (await (await request.get(`/api/sessions/${sessionId}`)).json()) as SessionJson;
  expect(after.runs.map((run) => run.run_id)).toEqual([runId]);
  expect(after.can_send).toBe(true);
});
