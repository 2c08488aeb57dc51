import { type APIRequestContext, expect } from "@playwright/test";

type DatasetJson = { dataset_id: string; original_filename: string; kind: string; bytes: number };

/** The server's own view of a project's datasets, to prove what the page shows is what is stored. */
export async function listDatasetsViaApi(
  request: APIRequestContext,
  projectId: string,
): Promise<DatasetJson[]> {
  const response = await request.get(`/api/projects/${projectId}/datasets`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { datasets: DatasetJson[] };
  return body.datasets;
}

/** A name no earlier run used: the e2e data directory survives between runs. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}
