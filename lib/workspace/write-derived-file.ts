import type { Readable } from "node:stream";
import { createEphemeralFileSink } from "./ephemeral-file-sink";
import { prepareWorkspace } from "./prepare-workspace";
import { type PublishedFile, publishDerived } from "./publish-derived";
import { maxPublishBytes } from "./workspace-limits";
import { normaliseDerivedName } from "./workspace-reference";

/**
 * Streams bytes a tool produced (e.g. a graph export) into the next version of a Derived file:
 * written to Ephemeral `exports/<name>` through the safe writer (bounded by the publish limit,
 * never truncated), then published as an immutable Derived version, so the file lists,
 * downloads and versions exactly like one a run published with `publish`.
 */
export async function writeDerivedFile(input: {
  ownerId: string;
  sessionId: string;
  name: string;
  content: Readable;
}): Promise<PublishedFile> {
  const name = normaliseDerivedName(input.name);
  const { layout } = await prepareWorkspace(input);
  const sink = await createEphemeralFileSink({
    layout,
    path: `Ephemeral/exports/${name}`,
    maxBytes: maxPublishBytes,
  });
  try {
    await sink.consume(input.content);
  } catch (error) {
    await sink.discard();
    throw error;
  }
  const written = await sink.commit({ ownerId: input.ownerId, sessionId: input.sessionId });
  return publishDerived({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    from: written.reference,
    to: name,
  });
}
