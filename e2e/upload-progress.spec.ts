import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { uniqueName } from "./support/api";

test("the progress bar follows the bytes actually sent", async ({ page }, testInfo) => {
  // ~600 KB of valid CSV, under the 1 MiB limit.
  const directory = await mkdtemp(path.join(tmpdir(), "workbench-e2e-"));
  const filePath = path.join(directory, "slow-edges.csv");
  const rows = Array.from({ length: 40_000 }, (_, index) => `n${index},n${index + 1}`);
  await writeFile(filePath, `source,target\n${rows.join("\n")}\n`);

  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Progress"));

  // Throttle the upload (Chromium DevTools protocol) so intermediate progress is observable.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });

  await datasets.chooseFiles([filePath]);
  const progress = datasets.uploadItem("slow-edges.csv").getByRole("progressbar");
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { intervals: [50] })
    .toBeGreaterThan(0);
  const midway = Number(await progress.getAttribute("aria-valuenow"));
  await page.screenshot({ path: testInfo.outputPath("upload-in-progress.png") });
  expect(midway).toBeLessThan(100);

  await devtools.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await datasets.expectUploadSucceeded("slow-edges.csv");
  await datasets.expectCount(1);
});
