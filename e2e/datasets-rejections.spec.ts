import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { listDatasetsViaApi, uniqueName } from "./support/api";
import { createInvalidUploadFiles } from "./support/invalid-upload-files";

// Matches UPLOAD_MAX_BYTES in playwright.config.ts.
const uploadMaxBytes = 1_048_576;

test("refuses empty, blank, binary and oversize files with a clear error and stores nothing", async ({
  page,
  request,
}, testInfo) => {
  const invalidFiles = await createInvalidUploadFiles({ uploadMaxBytes });
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Rejections"));
  await datasets.expectCount(0);

  // All at once: several uploads run side by side, each with its own outcome.
  await datasets.chooseFiles(invalidFiles.map((file) => file.filePath));
  for (const file of invalidFiles) {
    const message = await datasets.expectUploadFailed(file.fileName, file.expectedCode);
    testInfo.annotations.push({ type: file.fileName, description: message });
  }
  await page.screenshot({ path: testInfo.outputPath("datasets-rejected.png"), fullPage: true });

  await datasets.expectCount(0);
  await expect(datasets.emptyList).toBeVisible();
  expect(await listDatasetsViaApi(request, projectId)).toEqual([]);
  await page.reload();
  await datasets.expectCount(0);
});

test("the server itself refuses an oversize upload that skips the browser's pre-check", async ({
  page,
  request,
}) => {
  const [oversize] = (await createInvalidUploadFiles({ uploadMaxBytes })).filter(
    (file) => file.expectedCode === "PAYLOAD_TOO_LARGE",
  );
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Server limit"));

  const content = await readFile(oversize.filePath);
  const answer = await page.evaluate(
    async ({ base64, url }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const body = new FormData();
      body.append("file", new File([bytes], "too-large.csv", { type: "text/csv" }));
      const response = await fetch(url, { method: "POST", body });
      return { status: response.status, body: await response.json() };
    },
    { base64: content.toString("base64"), url: `/api/projects/${projectId}/datasets` },
  );
  expect(answer.status).toBe(413);
  expect(answer.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(await listDatasetsViaApi(request, projectId)).toEqual([]);
});
