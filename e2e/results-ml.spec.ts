import { readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ChatPage, openKarateWithClubConversation } from "./pages/chat-page";
import { ResultsPage } from "./pages/results-page";
import { uniqueName } from "./support/api";
import { watchConsoleErrors } from "./support/console-errors";
import { karateEdgesCsv } from "./support/fixture-paths";
import { smallCitationGraphCsv, uploadNodeTableDatasetViaApi } from "./support/node-table-dataset";

// The ML results view (issue 12 part 3, JOB-5) after two trainings from the chat: karate
// (label `club`, seeded stratified split) and a small generated citation graph standing in for
// Cora (label `topic`, split from its `split` column). Cora itself is not in the repository.
// Then a link predictor the chat trains for "Predict missing links": its ROC curve, at 390 px.

type ModelRecord = {
  model_id: string;
  task: string;
  model: string;
  metrics: Record<"train" | "val" | "test", Record<string, number>>;
  protocol: {
    epochsRun: number;
    keptEpoch: number;
    seed: number;
    early_stopping?: { best_epoch: number; stopped_epoch: number | null };
  };
  curves: {
    epoch: number[];
    roc?: Partial<Record<"val" | "test", { fpr: number; tpr: number }[]>>;
  };
  config: { label_property: string };
  file: { url: string } | null;
};

async function recordOfJob(request: APIRequestContext, jobId: string): Promise<ModelRecord> {
  const job = (await (await request.get(`/api/jobs/${jobId}`)).json()) as {
    result: { model_id: string };
  };
  const response = await request.get(`/api/ml/models/${job.result.model_id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ModelRecord;
}

async function trainFromChat(
  page: Page,
  input: { projectId: string; dataset: string; label: string },
) {
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(input.projectId);
  await chat.createSession();
  await chat.attach(input.dataset);
  const runId = await chat.ask(
    `Train a node classifier on ${input.dataset} to predict ${input.label}`,
  );
  await chat.expectCompleted(runId, 120_000);
  const bar = chat.toolCard(runId, "train").getByTestId("job-progress");
  await expect(bar).toHaveAttribute("data-job-status", "done");
  return (await bar.getAttribute("data-job-id")) as string;
}

test("after trainings, /results shows the curve, the record's final metrics and separate groups", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = watchConsoleErrors(page);
  const project = await request.post("/api/projects", { data: { name: uniqueName("ML results") } });
  expect(project.status()).toBe(201);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  await uploadNodeTableDatasetViaApi(request, {
    projectId,
    name: "karate",
    edgesCsv: await readFile(karateEdgesCsv),
    nodesCsv: await readFile(path.join(path.dirname(karateEdgesCsv), "karate_nodes.csv")),
  });
  const citations = smallCitationGraphCsv();
  await uploadNodeTableDatasetViaApi(request, { projectId, name: "citations", ...citations });

  const karateJob = await trainFromChat(page, { projectId, dataset: "karate", label: "club" });
  const citationsJob = await trainFromChat(page, {
    projectId,
    dataset: "citations",
    label: "topic",
  });
  const karate = await recordOfJob(request, karateJob);
  const cited = await recordOfJob(request, citationsJob);
  // Classification metrics are snake_case on the wire.
  expect(Object.keys(karate.metrics.test).sort()).toEqual(["accuracy", "loss", "macro_f1"]);

  const results = new ResultsPage(page);
  await results.open();
  await expect(results.heading()).toHaveText("Results");

  // Both trainings are listed as finished jobs with the model record each wrote.
  for (const [jobId, record] of [
    [karateJob, karate],
    [citationsJob, cited],
  ] as const) {
    const row = results.jobRows.and(page.locator(`[data-job-id="${jobId}"]`));
    await expect(row).toHaveAttribute("data-job-status", "done");
    await expect(row.getByRole("link", { name: record.model_id.slice(0, 8) })).toBeVisible();
  }

  // The comparison: one group per dataset (their metrics never share a column), one row each.
  await expect(results.comparisonGroups).toHaveCount(2);
  const karateGroup = results.group("karate");
  const citationsGroup = results.group("citations");
  await expect(karateGroup.getByTestId("comparison-row")).toHaveCount(1);
  await expect(citationsGroup.getByTestId("comparison-row")).toHaveCount(1);
  await expect(karateGroup.locator(`[data-model-id="${karate.model_id}"]`)).toHaveCount(1);
  await expect(citationsGroup.locator(`[data-model-id="${cited.model_id}"]`)).toHaveCount(1);
  await expect(karateGroup.getByTestId("comparison-table")).toHaveCount(1);
  await expect(citationsGroup).toContainText("property “split”");

  // Keyboard only: reach karate's "Show curves" and press it; its curves replace the newest's.
  const showKarate = karateGroup.getByTestId("comparison-show-curves");
  await showKarate.focus();
  await page.keyboard.press("Enter");
  await expect(results.curvesPanel).toHaveAttribute("data-model-id", karate.model_id);

  // The chart: one point per epoch that ran, and the kept (early-stopping) epoch marked.
  expect(karate.curves.epoch.length).toBe(karate.protocol.epochsRun);
  await expect(results.chartPoints).toHaveCount(karate.protocol.epochsRun);
  await expect(results.keptEpochDot).toHaveCount(1);
  await expect(results.chart).toContainText(`kept epoch ${karate.protocol.keptEpoch}`);

  // A classifier has no ROC curve.
  await expect(results.rocCurves).toHaveCount(0);

  // Final metrics equal to the model record's, part by part, macro F1 among them.
  await expect(results.finalMetrics.locator("thead")).toContainText("Macro F1");
  for (const part of ["train", "val", "test"] as const) {
    for (const key of ["accuracy", "macro_f1", "loss"]) {
      await expect(results.finalMetrics.getByTestId(`metric-${part}-${key}`)).toHaveAttribute(
        "data-value",
        String(karate.metrics[part][key]),
      );
    }
  }

  // The text alternative: the same epochs as a table, opened from the keyboard.
  await results.showDataToggle.focus();
  await page.keyboard.press("Enter");
  await expect(results.showDataToggle).toHaveAttribute("aria-expanded", "true");
  await expect(results.curvesTable.locator("tbody tr")).toHaveCount(karate.protocol.epochsRun);
  await page.screenshot({ path: testInfo.outputPath("results-karate-curves.png"), fullPage: true });

  // The model page: config, feature schema and the file download.
  await results.curvesPanel.getByTestId("model-detail-link").click();
  await expect(page).toHaveURL(new RegExp(`/results/models/${karate.model_id}$`));
  const detail = page.getByTestId("model-detail");
  await expect(detail.getByTestId("model-config")).toContainText(karate.config.label_property);
  await expect(detail.getByTestId("model-feature-summary")).toContainText("input column");
  await expect(detail.getByTestId("training-curves-chart")).toHaveAttribute(
    "data-point-count",
    String(karate.protocol.epochsRun),
  );
  const downloadEvent = page.waitForEvent("download");
  await detail.getByTestId("model-file-download").click();
  const download = await downloadEvent;
  const saved = await download.path();
  const file = JSON.parse(await readFile(saved, "utf8")) as Record<string, unknown>;
  expect(file).toHaveProperty("checksum");
  await page.screenshot({ path: testInfo.outputPath("model-detail.png"), fullPage: true });

  expect(errors).toEqual([]);
});

test("at 390 px a link predictor shows its ROC curve with the AUC, its metrics and early-stopping marks", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const chat = await openKarateWithClubConversation(page, request, "ROC");
  // With no link predictor yet, the chat trains one on held-out edges, then infers with it.
  const runId = await chat.ask("Predict missing links");
  await chat.expectCompleted(runId, 180_000);
  const bar = chat.toolCard(runId, "train").getByTestId("job-progress");
  await expect(bar).toHaveAttribute("data-job-status", "done");
  const record = await recordOfJob(request, (await bar.getAttribute("data-job-id")) as string);
  expect(record.task).toBe("link_prediction");
  const rocTest = record.curves.roc?.test ?? [];
  expect(rocTest[0]).toEqual({ fpr: 0, tpr: 0 });
  expect(rocTest.at(-1)).toEqual({ fpr: 1, tpr: 1 });
  expect(rocTest.length).toBeLessThanOrEqual(101);

  const results = new ResultsPage(page);
  await results.open();
  // The newest training's curves are shown: the link predictor's.
  await expect(results.curvesPanel).toHaveAttribute("data-model-id", record.model_id);
  await expect(results.curvesPanel).toContainText(record.model);
  const testAuc = `Test (AUC ${record.metrics.test.auc.toPrecision(4)})`;
  const valAuc = `Validation (AUC ${record.metrics.val.auc.toPrecision(4)})`;
  await expect(results.rocChart).toBeVisible();
  // The legend names each curve with its AUC; the diagonal is chance.
  await expect(results.rocChart).toContainText(testAuc);
  await expect(results.rocChart).toContainText(valAuc);
  await expect(results.rocChart).toContainText("Chance (AUC 0.5)");
  await expect(results.rocChart.locator("path.recharts-line-curve")).toHaveCount(3);
  await expect(results.rocCurves.getByTestId("roc-curves-summary")).toContainText(testAuc);
  // The points behind "Show data": the validation and the test curve.
  await results.rocCurves.getByTestId("roc-curves-toggle").click();
  await expect(results.rocCurves.getByTestId("roc-curves-table").locator("tbody tr")).toHaveCount(
    rocTest.length + (record.curves.roc?.val?.length ?? 0),
  );

  // The training curve marks the kept (best) epoch, and where early stopping ended training.
  const outcome = record.protocol.early_stopping;
  const best = outcome?.best_epoch ?? record.protocol.keptEpoch;
  await expect(results.chart).toContainText(`kept epoch ${best}`);
  await expect(results.keptEpochDot).toHaveCount(1);
  if (outcome?.stopped_epoch != null && outcome.stopped_epoch !== best) {
    await expect(results.chart).toContainText(`stopped ${outcome.stopped_epoch}`);
  }

  // Link prediction's final metrics: auc and ap as the record has them.
  for (const part of ["train", "val", "test"] as const) {
    for (const key of ["auc", "ap"]) {
      await expect(results.finalMetrics.getByTestId(`metric-${part}-${key}`)).toHaveAttribute(
        "data-value",
        String(record.metrics[part][key]),
      );
    }
  }
  // Its comparison group: link prediction on held-out edges, the model named.
  const group = results.group("karate");
  await expect(group).toContainText("Link prediction");
  await expect(group.getByTestId("comparison-row")).toContainText(record.model);

  await page.screenshot({ path: testInfo.outputPath("results-roc-390.png"), fullPage: true });
  const { scrollWidth, innerWidth } = await results.horizontalOverflow();
  expect(innerWidth).toBe(390);
  expect(scrollWidth, "the page is no wider than the window").toBeLessThanOrEqual(innerWidth);

  // The model page draws the same ROC curve, and also fits the narrow window.
  await results.curvesPanel.getByTestId("model-detail-link").click();
  await expect(page).toHaveURL(new RegExp(`/results/models/${record.model_id}$`));
  const detail = page.getByTestId("model-detail");
  await expect(detail.getByTestId("roc-curve-chart")).toContainText(testAuc);
  await page.screenshot({ path: testInfo.outputPath("model-detail-roc-390.png"), fullPage: true });
  const narrow = await results.horizontalOverflow();
  expect(narrow.scrollWidth).toBeLessThanOrEqual(narrow.innerWidth);
  // On a wide screen the ROC curve sits beside the training curves.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(detail.getByTestId("roc-curve-chart")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("model-detail-roc-wide.png"), fullPage: true });

  expect(errors).toEqual([]);
});

test("an unknown model id says there is no such model", async ({ page }, testInfo) => {
  const errors = watchConsoleErrors(page, [/404/]);
  await page.goto("/results/models/00000000-0000-0000-0000-000000000000");
  await expect(page.getByTestId("model-detail-not-found")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("model-not-found.png") });
  expect(errors).toEqual([]);
});
