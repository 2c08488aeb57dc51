import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { ResultsPage } from "./pages/results-page";
import { uniqueName } from "./support/api";
import { watchConsoleErrors } from "./support/console-errors";
import { karateEdgesCsv } from "./support/fixture-paths";
import { smallCitationGraphCsv, uploadNodeTableDatasetViaApi } from "./support/node-table-dataset";

// The ML results view (issue 12 part 3, JOB-5) after two trainings from the chat: karate
// (label `club`, seeded stratified split) and a small generated citation graph standing in for
// Cora (label `topic`, split from its `split` column). Cora itself is not in the repository.

type ModelRecord = {
  model_id: string;
  task: string;
  metrics: Record<"train" | "val" | "test", Record<string, number>>;
  protocol: { epochsRun: number; keptEpoch: number; seed: number };
  curves: { epoch: number[] };
  config: { label_property: string };
  file: { url: string } | null;
};

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
  const recordOf = async (jobId: string): Promise<ModelRecord> => {
    const job = (await (await request.get(`/api/jobs/${jobId}`)).json()) as {
      result: { model_id: string };
    };
    const response = await request.get(`/api/ml/models/${job.result.model_id}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as ModelRecord;
  };
  const karate = await recordOf(karateJob);
  const cited = await recordOf(citationsJob);

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

  // Final metrics equal to the model record's, part by part.
  for (const part of ["train", "val", "test"] as const) {
    for (const key of ["accuracy", "macroF1", "loss"]) {
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

test("an unknown model id says there is no such model", async ({ page }, testInfo) => {
  const errors = watchConsoleErrors(page, [/404/]);
  await page.goto("/results/models/00000000-0000-0000-0000-000000000000");
  await expect(page.getByTestId("model-detail-not-found")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("model-not-found.png") });
  expect(errors).toEqual([]);
});
