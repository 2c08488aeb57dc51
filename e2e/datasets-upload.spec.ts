import { stat } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { formatBytes } from "../lib/text/format-bytes";
import { DatasetsPage } from "./pages/datasets-page";
import { listDatasetsViaApi, uniqueName } from "./support/api";
import { karateEdgesCsv, shopSql } from "./support/fixture-paths";

test("uploads a CSV through the file chooser and a SQL dump by drag and drop", async ({
  page,
  request,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Upload"));
  await expect(datasets.emptyList).toBeVisible();
  await expect(datasets.uploadLimitHint).toContainText("up to 1 MB");

  await datasets.chooseFiles([karateEdgesCsv]);
  await datasets.expectUploadSucceeded("karate_edges.csv");

  await datasets.dropFile(shopSql, "application/sql");
  await datasets.expectUploadSucceeded("shop.sql");

  await datasets.expectCount(2);
  const expected = [
    { fileName: "karate_edges.csv", kind: "csv", bytes: (await stat(karateEdgesCsv)).size },
    { fileName: "shop.sql", kind: "sql", bytes: (await stat(shopSql)).size },
  ];
  for (const { fileName, kind, bytes } of expected) {
    const row = datasets.rowFor(fileName);
    await expect(row.getByTestId("dataset-kind")).toHaveText(kind);
    await expect(row.getByTestId("dataset-size")).toHaveAttribute("data-bytes", String(bytes));
    await expect(row.getByTestId("dataset-size")).toHaveText(formatBytes(bytes));
    await expect(row.getByTestId("construction-status")).toHaveAttribute("data-status", "none");
    await expect(row.getByTestId("dataset-uploaded-at")).not.toBeEmpty();
  }
  await page.screenshot({ path: testInfo.outputPath("datasets-uploaded.png"), fullPage: true });

  // What the page lists is what the server stored, byte for byte.
  const stored = await listDatasetsViaApi(request, projectId);
  expect(
    stored
      .map(({ original_filename, kind, bytes }) => ({ fileName: original_filename, kind, bytes }))
      .sort((left, right) => left.fileName.localeCompare(right.fileName)),
  ).toEqual(expected);

  // The list comes from the server, not from this page's memory.
  await page.reload();
  await datasets.expectCount(2);
});
