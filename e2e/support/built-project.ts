import { type APIRequestContext, expect } from "@playwright/test";

export type DatasetFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * A project with one dataset uploaded and built, set up through the API (the Datasets page has
 * its own specs): for specs about the chat. `datasetName` is what the attachment picker shows.
 */
export async function createBuiltProjectViaApi(
  request: APIRequestContext,
  {
    projectName,
    file,
    datasetName,
    buildTimeoutMs = 90_000,
  }: { projectName: string; file: DatasetFile; datasetName?: string; buildTimeoutMs?: number },
): Promise<{ projectId: string; datasetId: string }> {
  const project = await request.post("/api/projects", { data: { name: projectName } });
  expect(project.status()).toBe(201);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const upload = await request.post(`/api/projects/${projectId}/datasets`, {
    multipart: {
      file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      ...(datasetName ? { name: datasetName } : {}),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { dataset_id: datasetId } = (await upload.json()) as { dataset_id: string };
  await buildDatasetViaApi(request, { projectId, datasetId, timeoutMs: buildTimeoutMs });
  return { projectId, datasetId };
}

/** Builds a dataset through the API and waits until its construction is ready (or a job built it). */
export async function buildDatasetViaApi(
  request: APIRequestContext,
  {
    projectId,
    datasetId,
    timeoutMs = 90_000,
  }: { projectId: string; datasetId: string; timeoutMs?: number },
): Promise<void> {
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
      { timeout: timeoutMs },
    )
    .toBe("ready");
}
