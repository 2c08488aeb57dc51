import "server-only";
import { insertArtifact } from "@/lib/db/queries/artifacts";

/** Stores a document a session's tool produced (a graph layout or a report) as an artefact. */
export async function saveSessionArtifact(input: Parameters<typeof insertArtifact>[0]) {
  return insertArtifact(input);
}
