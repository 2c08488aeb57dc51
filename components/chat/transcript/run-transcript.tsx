"use client";

import { useCallback, useMemo } from "react";
import { useRunView } from "@/hooks/use-run-view";
import { executingRunStatuses } from "@/lib/contracts/run-status";
import { RunUsageLine } from "../../runs/run-usage-line";
import { ApprovalCard } from "../approval/approval-card";
import { ApprovalStaleNotice } from "../approval/approval-stale-notice";
import { useRunApprovalDecisions } from "../approval/use-run-approval-decisions";
import { JobProgressBar } from "../tool-results/job-progress-bar";
import { RunToolCardList } from "../tool-results/run-tool-card-list";
import { useFigureSelection } from "../tool-results/use-figure-selection";
import { BudgetStopNotice } from "./budget-stop-notice";
import { PlanChecklist } from "./plan-checklist";
import { ReasoningBlock } from "./reasoning-block";
import { RunAnswer } from "./run-answer";
import { runConnectionText } from "./run-connection-text";
import { RunFailedAlert } from "./run-failed-alert";
import { RunLoadFailedAlert } from "./run-load-failed-alert";
import { RunStatusFooter } from "./run-status-footer";

/**
 * One run's part of the conversation: its plan and reasoning (when it keeps them), tool cards in
 * call order, then the (streaming) answer.
 */
export function RunTranscript({
  runId,
  live,
  savedCancelStatus,
}: {
  runId: string;
  live: boolean;
  /** The run's cancel status in the session's record (a stop pending across a reload). */
  savedCancelStatus?: string | null;
}) {
  const { view, connection, retry, resume, mergeSnapshot } = useRunView({ runId, live });
  const { highlighted, describedBy, selectFigure } = useFigureSelection(runId);
  const { decided, staleApproval, continueAfterDecision, reloadAfterConflict } =
    useRunApprovalDecisions({ runId, resume, retry, mergeSnapshot });
  const cardIds = useMemo(() => new Set(view.tools.map((card) => card.toolCallId)), [view.tools]);
  const continueAfterStop = useCallback(
    (wasPaused: boolean) => {
      // A paused run's stream has ended; its run_cancelled event comes on a new read.
      if (wasPaused) resume();
    },
    [resume],
  );

  const pending = view.pendingApproval;
  const approvalCard = pending ? (
    <ApprovalCard
      key={`${pending.toolCallId}:${pending.executionGeneration ?? ""}`}
      runId={runId}
      approval={pending}
      ready={view.pauseSaved}
      onAccepted={continueAfterDecision}
      onStale={reloadAfterConflict}
    />
  ) : null;
  const pendingHasCard = pending
    ? view.tools.some((card) => card.toolCallId === pending.toolCallId)
    : false;

  const working = view.runStatus === null || executingRunStatuses.has(view.runStatus);
  const finished = !working && view.runStatus !== "paused";
  const status = runConnectionText(connection, working);
  const isBusy = connection.kind !== "settled" && connection.kind !== "failed" && working;

  return (
    <section
      aria-label="Agent's answer"
      aria-busy={isBusy}
      data-testid="run"
      data-run-id={runId}
      data-run-status={view.runStatus ?? "unknown"}
      data-connection={connection.kind}
      className="space-y-3"
    >
      {view.plan ? <PlanChecklist plan={view.plan} /> : null}
      {view.reasoning ? <ReasoningBlock text={view.reasoning} finished={finished} /> : null}
      {view.tools.length > 0 ? (
        <RunToolCardList
          runId={runId}
          view={view}
          decided={decided}
          highlighted={highlighted}
          approvalCard={approvalCard}
        />
      ) : null}
      {pendingHasCard ? null : approvalCard}
      {staleApproval ? <ApprovalStaleNotice /> : null}
      {view.jobs
        .filter((job) => job.toolCallId === null || !cardIds.has(job.toolCallId))
        .map((job) => (
          <JobProgressBar key={job.jobId} job={job} />
        ))}
      {view.text ? (
        <RunAnswer
          view={view}
          finished={finished}
          describedBy={describedBy}
          onFigureSelect={selectFigure}
        />
      ) : finished && !view.error && connection.kind === "settled" ? (
        <p className="text-sm text-slate-600" data-testid="assistant-no-answer">
          This run ended ({view.runStatus}) without an answer.
        </p>
      ) : null}
      {view.budgetStop ? <BudgetStopNotice stop={view.budgetStop} /> : null}
      {view.error ? <RunFailedAlert error={view.error} /> : null}
      {connection.kind === "failed" ? (
        <RunLoadFailedAlert error={connection.error} onRetry={retry} />
      ) : null}
      {view.usage && !working ? (
        <RunUsageLine runId={runId} usage={view.usage} finished={finished} />
      ) : null}
      <RunStatusFooter
        runId={runId}
        view={view}
        live={live}
        status={status}
        isBusy={isBusy}
        savedCancelStatus={savedCancelStatus}
        onStopAccepted={continueAfterStop}
        onSnapshot={mergeSnapshot}
      />
      <div aria-live="polite" className="sr-only">
        {finished && connection.kind === "settled"
          ? `Run ${view.runStatus}${view.tools.length > 0 ? ` after ${view.tools.length} tool calls` : ""}.`
          : ""}
      </div>
    </section>
  );
}
