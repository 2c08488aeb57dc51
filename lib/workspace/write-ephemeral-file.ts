import { Readable } from "node:stream";
import { createEphemeralFileSink, type EphemeralFileResult } from "./ephemeral-file-sink";
import { prepareWorkspace } from "./prepare-workspace";
import { maxEphemeralFileBytes } from "./workspace-limits";

/**
 * Writes bytes to an Ephemeral file of the owner's session through the safe writer (for the
 * runtime, e.g. saving a tool result for later commands); other areas are refused.
 */
export async function writeEphemeralFile(input: {
  ownerId: string;
  sessionId: string;
  path: string;
  bytes: Uint8Array;
}): Promise<EphemeralFileResult> {
  const { layout } = await prepareWorkspace(input);
  const sink = await createEphemeralFileSink({
    layout,
    path: input.path,
    maxBytes: maxEphemeralFileBytes,
  });
  try {
    await sink.consume(Readable.from([Buffer.from(input.bytes)]));
    return await sink.commit({ ownerId: input.ownerId, sessionId: input.sessionId });
  } catch (error) {
    await sink.discard();
    throw error;
  }
}
