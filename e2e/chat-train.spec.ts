import { expect, test } from "@playwright/test";
import { openKarateWithClubConversation } from "./pages/chat-page";

// Train from the chat (issue 11): the offline model verifies the graph and calls train, which
// runs as a background job; the tool card's progress bar (components/chat/tool-results/job-progress-bar.tsx)
// follows the job, and the answer cites the finished job's model id, metrics and protocol, equal
// to its stored record. The karate graph is built with its node table so nodes carry `club`.

test("train a node classifier from the chat: the job's progress bar ends done, the answer cites the stored record", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const chat = await openKarateWithClubConversation(page, request, "Chat train");

  // Every percentage the bar shows, recorded in the page so a fast job's steps are not missed.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __jobPcts: number[] }).__jobPcts = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[data-testid="job-progress"]')) {
        const pct = Number(bar.getAttribute("data-pct"));
        if (seen.at(-1) !== pct) seen.push(pct);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  const runId = await chat.ask("Train a node classifier on karate to predict club");
  const card = chat.toolCard(runId, "train");
  const bar = card.getByTestId("job-progress");
  // Karate trains in milliseconds, so the bar may go from its first row straight to 100%:
  // what a user relies on is that the card shows the job with its status and ends done.
  await expect(bar).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveAttribute("data-job-id", /.+/);
  await expect(bar).toHaveAttribute("data-job-status", /^(queued|running|done)$/);
  await chat.expectCompleted(runId, 120_000);
  await expect(card).toHaveAttribute("data-status", "succeeded");
  await expect(bar).toHaveAttribute("data-job-status", "done");
  await expect(bar).toHaveAttribute("data-pct", "100");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const jobId = await bar.getAttribute("data-job-id");
  const job = (await (await request.get(`/api/jobs/${jobId}`)).json()) as {
    status: string;
    result?: { model_id?: string };
  };
  expect(job.status).toBe("done");

  // The answer cites the stored record the job wrote: its model id, test accuracy and protocol.
  const modelId = job.result?.model_id ?? "missing";
  const recordResponse = await request.get(`/api/ml/models/${modelId}`);
  expect(recordResponse.status()).toBe(200);
  const record = (await recordResponse.json()) as {
    model_id: string;
    metrics: { test: { accuracy: number } };
    protocol: { seed: number };
  };
  const answer = chat.answer(runId);
  // The id is cited in its short form, the full id on the element (prose shows no UUIDs).
  await expect(
    answer.locator(`[data-testid="entity-id"][data-id="${record.model_id}"]`).first(),
  ).toHaveText(record.model_id.slice(0, 8));
  await expect(answer).toContainText(
    `test accuracy ${record.metrics.test.accuracy.toPrecision(4)}`,
  );
  await expect(answer).toContainText(`seed ${record.protocol.seed}`);
  // No approval card: the request to train was its own authorisation (AP-1).
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
});
