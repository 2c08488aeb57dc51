import "server-only";
import {
  constructGraphJobHandler,
  constructGraphJobKind,
} from "../constructions/construct-graph-job";
import { diagnosticSleepHandler, diagnosticSleepKind } from "../jobs/diagnostic-sleep-job";
import { registerJobHandler } from "../jobs/job-kind-registry";
import { inferJobHandler, inferJobKind } from "../ml/infer-job";
import { trainJobHandler, trainJobKind } from "../ml/train-job";

/**
 * Registers the job kinds every worker process can run. Kinds with real work (training,
 * inference, long analyses) are added here as they arrive, so the in-app worker and
 * `npm run worker` always know the same kinds.
 */
export function registerBuiltinJobKinds(): void {
  registerJobHandler({ kind: diagnosticSleepKind, handler: diagnosticSleepHandler });
  // Re-run when lost before it wrote anything: at worst a `building` revision is left, which
  // the rerun's newer revision supersedes.
  registerJobHandler({ kind: constructGraphJobKind, handler: constructGraphJobHandler });
  // A rerun of a lost training answers the model record it already wrote (found by job id)
  // instead of training again; a lost inference writes nothing, so it simply runs again.
  registerJobHandler({ kind: trainJobKind, handler: trainJobHandler });
  registerJobHandler({ kind: inferJobKind, handler: inferJobHandler });
}
