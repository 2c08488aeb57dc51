import "server-only";
import { constructGraphJob } from "../constructions/construct-graph-job";
import { diagnosticSleepJob } from "../jobs/diagnostic-sleep-job";
import type { JobKind } from "../jobs/job-kind-registry";
import { inferJob } from "../ml/infer-job";
import { trainJob } from "../ml/train-job";
import { rerunConversationJob } from "../runs/rerun/rerun-conversation-job";

/**
 * The job kinds every worker process runs, each defined in one file beside its domain. The
 * composition roots (lib/server/start-server.ts, scripts/worker.ts) hand this list to the
 * worker, so the in-app worker and `npm run worker` always know the same kinds.
 */
export const builtinJobKinds: readonly JobKind[] = [
  diagnosticSleepJob,
  constructGraphJob,
  trainJob,
  inferJob,
  rerunConversationJob,
];
