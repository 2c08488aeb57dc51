import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";

const fixtures = path.resolve(import.meta.dirname, "../fixtures");

/**
 * A new owner with a project, a chat session and the karate club uploaded with its node table
 * and constructed (revision 1): what the session graph tests and benchmarks start from.
 */
export async function seedKarateSession(input: { label: string }) {
  const user = await insertUser({
    email: `${input.label}-${randomUUID()}@test.local`,
    displayName: input.label,
  });
  const project = await createProject({ ownerId: user.id, name: input.label });
  const session = await createSession({ ownerId: user.id, projectId: project.project_id });
  const ids: string[] = [];
  for (const file of ["karate_edges.csv", "karate_nodes.csv"]) {
    const uploaded = await uploadDataset({
      ownerId: user.id,
      projectId: project.project_id,
      file: { filename: file, bytes: await readFile(path.join(fixtures, file)) },
    });
    ids.push(uploaded.dataset_id);
  }
  await constructDataset({
    ownerId: user.id,
    datasetId: ids[0],
    options: { nodes_dataset_id: ids[1] },
  });
  return {
    userId: user.id,
    projectId: project.project_id,
    sessionId: session.session_id,
    datasetId: ids[0],
    nodesDatasetId: ids[1],
  };
}
