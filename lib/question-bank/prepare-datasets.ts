import { readFile } from "node:fs/promises";
import path from "node:path";
import { EvalSetupError } from "./eval-setup-error";
import type { LoadedDataset } from "./load-question-bank";
import { type ApiAnswer, describeApiAnswer, type WorkbenchClient } from "./workbench-client";

/** Where the eval's questions run: one project, each bank dataset uploaded and built once. */
export type PreparedProject = { projectId: string; datasetIds: Record<string, string> };

const constructionTimeoutMs = 10 * 60_000;

/**
 * Creates a project and, for each dataset, uploads its files in ONE multipart request (an edge
 * table and its node table as two `file` parts) and builds it with the bank's `construct` body,
 * waiting for a build handed to a job. A dataset that cannot be uploaded or built stops the
 * evaluation: its questions would only measure the failure.
 */
export async function prepareDatasets(input: {
  client: WorkbenchClient;
  projectName: string;
  datasets: LoadedDataset[];
}): Promise<PreparedProject> {
  const { client } = input;
  const project = await client.json({
    method: "POST",
    path: "/api/projects",
    body: { name: input.projectName },
  });
  expectStatus({ answer: project, statuses: [201], step: "Creating the evaluation project" });
  const projectId = String(project.body?.project_id);
  const datasetIds: Record<string, string> = {};
  for (const dataset of input.datasets) {
    datasetIds[dataset.name] = await uploadAndBuild({ client, projectId, dataset });
  }
  return { projectId, datasetIds };
}

async function uploadAndBuild(input: {
  client: WorkbenchClient;
  projectId: string;
  dataset: LoadedDataset;
}): Promise<string> {
  const { client, projectId, dataset } = input;
  const form = new FormData();
  for (const file of dataset.paths) {
    form.append("file", new File([await readFile(file)], path.basename(file)));
  }
  const uploaded = await client.upload({ path: `/api/projects/${projectId}/datasets`, form });
  expectStatus({
    answer: uploaded,
    statuses: [201],
    step: `Uploading dataset "${dataset.name}"`,
  });
  const datasetId = String(uploaded.body?.dataset_id);
  const built = await client.json({
    method: "POST",
    path: `/api/datasets/${datasetId}/construct`,
    body: dataset.construct,
  });
  expectStatus({ answer: built, statuses: [200, 202], step: `Building dataset "${dataset.name}"` });
  if (built.status === 202) {
    await waitForJob({ client, jobId: String(built.body?.job_id), dataset: dataset.name });
  }
  await expectReady({ client, projectId, datasetId, dataset: dataset.name });
  return datasetId;
}

/** A build handed to a job (a large upload): wait until the job has finished. */
async function waitForJob(input: { client: WorkbenchClient; jobId: string; dataset: string }) {
  const deadline = Date.now() + constructionTimeoutMs;
  while (Date.now() < deadline) {
    const job = await input.client.json({ method: "GET", path: `/api/jobs/${input.jobId}` });
    expectStatus({
      answer: job,
      statuses: [200],
      step: `Following the build of "${input.dataset}"`,
    });
    const status = job.body?.status;
    if (status === "done") return;
    if (status === "failed" || status === "cancelled") {
      const error = job.body?.error as { message?: string } | undefined;
      throw new EvalSetupError({
        code: "DATASET_FAILED",
        message: `Dataset "${input.dataset}" could not be built (job ${status}${error?.message ? `: ${error.message}` : ""}).`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new EvalSetupError({
    code: "DATASET_FAILED",
    message: `Dataset "${input.dataset}" was not built within ${constructionTimeoutMs / 60_000} minutes.`,
  });
}

/** The dataset list must say the graph is ready before any question is asked about it. */
async function expectReady(input: {
  client: WorkbenchClient;
  projectId: string;
  datasetId: string;
  dataset: string;
}) {
  const listed = await input.client.json({
    method: "GET",
    path: `/api/projects/${input.projectId}/datasets`,
  });
  expectStatus({ answer: listed, statuses: [200], step: "Listing the project's datasets" });
  const datasets = (listed.body?.datasets ?? []) as {
    dataset_id: string;
    construction_status?: string;
  }[];
  const status = datasets.find(
    (entry) => entry.dataset_id === input.datasetId,
  )?.construction_status;
  if (status !== "ready") {
    throw new EvalSetupError({
      code: "DATASET_FAILED",
      message: `Dataset "${input.dataset}" is not ready after its build (construction_status: ${status ?? "missing"}).`,
    });
  }
}

function expectStatus(input: { answer: ApiAnswer; statuses: number[]; step: string }): void {
  if (input.statuses.includes(input.answer.status)) return;
  throw new EvalSetupError({
    code: input.step.startsWith("Creating") ? "SERVER_REFUSED" : "DATASET_FAILED",
    message: `${input.step} failed: the server answered ${describeApiAnswer(input.answer)}.`,
  });
}
