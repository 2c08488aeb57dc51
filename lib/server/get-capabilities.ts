import "server-only";
import { readEngineCancelSupport } from "@/lib/agent/tools/engine-cancel-support";
import type { Capabilities } from "@/lib/contracts/capabilities";
import { getEnv } from "@/lib/env";
import { isJobWorkerRunning } from "@/lib/jobs/job-worker";
import { describeLearnedKnowledge } from "@/lib/memory/knowledge/learned-knowledge-status";
import { defaultRunBudget } from "@/lib/runs/budget/resolve-run-budget";
import { editLatestTurnStatus, runControlStatus } from "@/lib/runs/cancel/run-control-enabled";

/**
 * What this build can really do (RC-1). Features that are not built yet report false with the
 * reason, so the UI never offers a Stop button or a knowledge store that would not work.
 */
export async function getCapabilities(): Promise<Capabilities> {
  const env = getEnv();
  const editLatestTurn = editLatestTurnStatus();
  // A probe of the resolved embedding service (MEM-2): what works, not which variable is set;
  // and a separate engine is asked whether it can stop work (null: the engine is in process).
  const [knowledge, engine] = await Promise.all([
    describeLearnedKnowledge(),
    readEngineCancelSupport(),
  ]);
  // Stop and job cancel need this runtime and the engine that does the work.
  const runControl = bothSupport(runControlStatus(), engine?.runCancel);
  const jobCancel = bothSupport(jobCancelStatus(), engine?.jobCancel);
  return {
    run_cancel_v1: runControl.enabled,
    job_cancel_v1: jobCancel.enabled,
    edit_latest_turn_v1: editLatestTurn.enabled,
    learned_knowledge: knowledge.enabled,
    embedding_model: knowledge.embeddingModel,
    vector_backend: knowledge.vectorBackend,
    reporting_tools: env.MCP_ENABLE_REPORTING_TOOLS,
    upload_max_bytes: env.UPLOAD_MAX_BYTES,
    run_budget_defaults: defaultRunBudget(),
    upload_kinds: ["csv", "txt", "sql", "graphml", "gexf", "gml", "json", "pajek", "sqlite"],
    details: {
      run_cancel_v1: runControl.reason,
      job_cancel_v1: jobCancel.reason,
      edit_latest_turn_v1: editLatestTurn.reason,
      learned_knowledge: knowledge.reason,
      reporting_tools: env.MCP_ENABLE_REPORTING_TOOLS
        ? "visualize_subgraph and create_analysis_report are offered by the graph engine"
        : "MCP_ENABLE_REPORTING_TOOLS is false",
    },
  };
}

function bothSupport(
  runtime: { enabled: boolean; reason: string },
  engine: { enabled: boolean; reason: string } | undefined,
): { enabled: boolean; reason: string } {
  if (!engine || !runtime.enabled) return runtime;
  return engine.enabled ? { enabled: true, reason: `${runtime.reason}; ${engine.reason}` } : engine;
}

// Cancel is a row update every worker polls, so it works whenever jobs can run at all: this
// process's worker is up, or it left jobs to `npm run worker` processes (JOBS_WORKER_IN_APP).
function jobCancelStatus(): { enabled: boolean; reason: string } {
  if (!getEnv().JOBS_WORKER_IN_APP) {
    return {
      enabled: true,
      reason: "jobs run in `npm run worker` processes; a cancel reaches them through PostgreSQL",
    };
  }
  return isJobWorkerRunning()
    ? {
        enabled: true,
        reason: "jobs and their descendants can be cancelled (POST /api/jobs/{id}/cancel, Stop)",
      }
    : { enabled: false, reason: "this server's job worker is not running" };
}
