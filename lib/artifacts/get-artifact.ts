import "server-only";
import type { Artifact } from "@/lib/contracts/artifact";
import { findArtifactForOwner } from "@/lib/db/queries/artifacts";
import { NotFoundError } from "@/lib/errors/http-errors";

/** One stored document (layout or report) of the owner. */
export async function getArtifact(input: {
  ownerId: string;
  artifactId: string;
}): Promise<Artifact> {
  const artifact = await findArtifactForOwner(input);
  if (!artifact) throw new NotFoundError("Artefact", { artifact_id: input.artifactId });
  return {
    artifact_id: artifact.id,
    kind: artifact.kind,
    title: artifact.title,
    session_id: artifact.sessionId,
    content: artifact.content,
    created_at: artifact.createdAt.toISOString(),
  };
}
