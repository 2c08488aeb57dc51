import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { driveRerun } from "./drive-rerun";

/**
 * Asks a re-run's turns one after another as real runs of its new session. It writes no
 * progress rows (the re-run's own row holds how far it is), so a worker lost mid-way leaves a
 * job the sweep may start again; the new attempt finds the turns already asked by their
 * start_request_id and goes on from the first unanswered one.
 */
export const rerunConversationJob = defineJob({
  kind: "rerun_conversation",
  inputSchema: z.object({ rerun_id: z.string().min(1) }),
  retryWhenLostBeforeWriting: true,
  handle: async ({ job, input, signal }) =>
    driveRerun({ ownerId: job.ownerId, rerunId: input.rerun_id, signal }),
});
