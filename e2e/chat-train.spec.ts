import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { karateEdgesCsv } from "./support/fixture-paths";

// Train from the chat (issue 11): the offline model verifies the graph and calls train, which
// runs as a background job; the tool card's progress bar (components/chat/job-progress-bar.tsx)
// follows the job, and the answer cites the finished job's model id, metrics and protocol. The
// karate graph is built with its node table so nodes carry the `club` label.

const karateNodesCsv = path.join(path.dirname(karateEdgesCsv), "karate_nodes.csv");

test("train a node classifier from the chat: progress bar, then the real model id and metrics", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const project = await request.post("/api/projects", { data: { name: uniqueName("Chat train") } });
  expect(project.status()).toBe(201);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const upload = await request.post(`/api/projects/${projectId}/datasets`, {
    multipart: {
      file: {
        name: "karate_edges.csv",
        mimeType: "text/csv",
        buffer: await readFile(karateEdgesCsv),
      },
      nodes: {
        name: "karate_nodes.csv",
        mimeType: "text/csv",
        buffer: await readFile(karateNodesCsv),
      },
      name: "karate",
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { dataset_id: datasetId } = (await upload.json()) as { dataset_id: string };
  const construct = await request.post(`/api/datasets/${datasetId}/construct`, { data: {} });
  expect([200, 202]).toContain(construct.status());
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/projects/${projectId}/datasets`);
        const body = (await list.json()) as {
          datasets: { dataset_id: string; construction_status: string }[];
        };
        return body.datasets.find((dataset) => dataset.dataset_id === datasetId)
          ?.construction_status;
      },
      { timeout: 90_000 },
    )
    .toBe("ready");

  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  await chat.createSession();
  await chat.attach("karate");

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
  await expect(bar).toBeVisible({ timeout: 60_000 });
  await chat.expectCompleted(runId, 120_000);
  await expect(card).toHaveAttribute("data-status", "succeeded");
  await expect(bar).toHaveAttribute("data-job-status", "done");
  await expect(bar).toHaveAttribute("data-pct", "100");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const seen = await page.evaluate(() => (window as unknown as { __jobPcts: number[] }).__jobPcts);
  expect(seen.length, `bar values seen: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(2);
  expect(Math.min(...seen)).toBeLessThan(100);

  // The answer cites the stored record: its model id, test accuracy and protocol.
  const summary = await request.get(`/api/projects/${projectId}/training-summary`);
  const groups = (
    (await summary.json()) as {
      groups: { experiments: { model_id: string; metrics: { test: { accuracy: number } } }[] }[];
    }
  ).groups;
  const experiment = groups[0]?.experiments[0];
  expect(experiment, "the training left a model record").toBeDefined();
  const answer = chat.answer(runId);
  await expect(answer).toContainText(experiment?.model_id ?? "missing");
  await expect(answer).toContainText(
    `test accuracy ${experiment?.metrics.test.accuracy.toPrecision(4)}`,
  );
  await expect(answer).toContainText(/seed 42/);
  // No approval card: the request to train was its own authorisation (AP-1).
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
});
