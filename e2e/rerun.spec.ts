import { expect, test } from "@playwright/test";
import pg from "pg";
import { ChatPage } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { buildDatasetViaApi } from "./support/built-project";
import { watchConsoleErrors } from "./support/console-errors";
import { createSourceDatabase, type SourceDatabase } from "./support/source-database";

// Re-run a conversation on new data: a live PostgreSQL dataset is built, asked about, changed
// and built again; "Re-run on the latest data" asks the question of the new revision and the
// re-run page shows the answers side by side with the changed figures marked.
let source: SourceDatabase;

test.beforeAll(async () => {
  source = await createSourceDatabase();
});

test.afterAll(async () => {
  await source?.drop();
});

test("re-runs a conversation on the latest data and shows what changed", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const project = await request.post("/api/projects", { data: { name: uniqueName("Re-run") } });
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const added = await request.post(`/api/projects/${projectId}/datasets`, {
    data: { name: "shop", source: { kind: "postgres", url: source.url } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { dataset_id: datasetId } = (await added.json()) as { dataset_id: string };
  await buildDatasetViaApi(request, { projectId, datasetId });

  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  const sessionId = await chat.createSession();
  // Nothing asked yet: nothing to re-run.
  await expect(page.getByTestId("rerun-button")).toBeDisabled();
  await chat.attach("shop");
  const runId = await chat.ask("Which nodes have the highest PageRank?");
  await chat.expectCompleted(runId);

  // New data: Bo orders the desk five more times, then the dataset is built again.
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO orders VALUES (104, 2), (105, 2), (106, 2), (107, 2), (108, 2);
      INSERT INTO order_items VALUES (104, 11, 1), (105, 11, 1), (106, 11, 1), (107, 11, 1), (108, 11, 1);
    `);
  } finally {
    await client.end();
  }
  await buildDatasetViaApi(request, { projectId, datasetId });

  await page.getByTestId("rerun-button").click();
  const status = page.getByTestId("rerun-status");
  await expect(status).toContainText(/1 of 1 question changed|Nothing changed/, {
    timeout: 90_000,
  });
  await expect(status).toContainText("1 of 1 question changed");
  await page.screenshot({ path: testInfo.outputPath("rerun-from-conversation.png") });
  await page.getByTestId("rerun-open-link").click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Re-run of “Which nodes have the highest PageRank?”",
  );
  await expect(page.getByText("Asked again on revision 2 of shop (was 1)")).toBeVisible();
  const turn = page.getByTestId("rerun-turn");
  await expect(turn).toHaveAttribute("data-status", "changed");
  await expect(turn.getByTestId("rerun-turn-status")).toHaveText("Changed");
  // A changed figure, with its old value struck through and the new one beside it.
  const figureChange = turn.getByTestId("rerun-change-figure").first();
  await expect(figureChange).toContainText("pagerank score of");
  await expect(figureChange).toContainText("→");
  // Both answers side by side, the changed figures marked on each side.
  await expect(turn.getByTestId("rerun-before")).toContainText("PageRank");
  await expect(turn.getByTestId("rerun-after")).toContainText("PageRank");
  await expect(
    turn
      .getByTestId("rerun-after")
      .locator('[data-testid="rerun-figure"][data-changed="true"]')
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("rerun-diff.png"), fullPage: true });
  // On a phone the two sides stack: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(turn.getByTestId("rerun-after")).toBeVisible();
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("rerun-diff-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The project's list of re-runs says what changed, and the re-run's own conversation opens.
  await page.getByRole("link", { name: "All re-runs" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Re-runs");
  const row = page.getByTestId("rerun-row").first();
  await expect(row).toContainText("Which nodes have the highest PageRank?");
  await expect(row.getByTestId("rerun-row-summary")).toHaveText("1 of 1 question changed.");
  await page.screenshot({ path: testInfo.outputPath("rerun-list.png"), fullPage: true });

  // Watching the dataset is a toggle on the conversation that a reload keeps.
  await chat.open(`?session=${sessionId}`);
  const watch = page.getByTestId("watch-dataset-toggle");
  await expect(watch).not.toBeChecked();
  await watch.check();
  await expect(watch).toBeChecked();
  await page.reload();
  await expect(page.getByTestId("watch-dataset-toggle")).toBeChecked();
  await page.getByTestId("watch-dataset-toggle").uncheck();
  await expect(page.getByTestId("watch-dataset-toggle")).not.toBeChecked();
  expect(errors).toEqual([]);
});

test("the re-runs page says when there is nothing yet, and an unknown re-run is an error", async ({
  page,
  request,
}) => {
  const project = await request.post("/api/projects", { data: { name: uniqueName("No re-runs") } });
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const chat = new ChatPage(page);
  await chat.goto("/reruns");
  await chat.selectProject(projectId);
  await expect(page.getByTestId("reruns-empty")).toBeVisible();
  await page.goto("/reruns/no-such-rerun");
  await expect(page.getByTestId("rerun-error")).toContainText("NOT_FOUND");
});
