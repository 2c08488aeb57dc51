import { type APIRequestContext, expect } from "@playwright/test";
import { buildDatasetViaApi } from "./built-project";

/**
 * Uploads an edge list with its node table into a project and builds it, through the API:
 * nodes then carry the table's columns (a label, a split) for training.
 */
export async function uploadNodeTableDatasetViaApi(
  request: APIRequestContext,
  input: { projectId: string; name: string; edgesCsv: Buffer | string; nodesCsv: Buffer | string },
): Promise<string> {
  const upload = await request.post(`/api/projects/${input.projectId}/datasets`, {
    multipart: {
      file: {
        name: `${input.name}_edges.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from(input.edgesCsv),
      },
      nodes: {
        name: `${input.name}_nodes.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from(input.nodesCsv),
      },
      name: input.name,
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { dataset_id: datasetId } = (await upload.json()) as { dataset_id: string };
  await buildDatasetViaApi(request, { projectId: input.projectId, datasetId });
  return datasetId;
}

/**
 * A small citation-like graph standing in for Cora (which is not in the repository): 60 papers
 * in 3 topics, two numeric features that lean towards the topic, edges mostly within a topic,
 * and a `split` column (36 train / 12 val / 12 test). Deterministic (a fixed LCG), so every run
 * trains on the same graph.
 */
export function smallCitationGraphCsv(): { edgesCsv: string; nodesCsv: string } {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const topics = ["theory", "systems", "learning"];
  const nodes: string[] = ["id,topic,split,f1,f2"];
  for (let index = 0; index < 60; index += 1) {
    const topic = index % 3;
    const split = index < 36 ? "train" : index < 48 ? "val" : "test";
    const f1 = (topic + next() * 1.5).toFixed(3);
    const f2 = ((2 - topic) * 0.5 + next()).toFixed(3);
    nodes.push(`p${index},${topics[topic]},${split},${f1},${f2}`);
  }
  const edges: string[] = ["source,target"];
  for (let index = 0; index < 60; index += 1) {
    for (let other = index + 1; other < 60; other += 1) {
      const sameTopic = index % 3 === other % 3;
      if (next() < (sameTopic ? 0.18 : 0.02)) edges.push(`p${index},p${other}`);
    }
  }
  return { edgesCsv: `${edges.join("\n")}\n`, nodesCsv: `${nodes.join("\n")}\n` };
}
