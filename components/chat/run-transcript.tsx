"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { fetchRunSnapshot } from "@/hooks/api/fetch-run-snapshot";
import type { DecidedApproval, JobProgressState } from "@/hooks/api/run-view";
import { useCapabilities } from "@/hooks/use-capabilities";
import { type RunConnection, useRunView } from "@/hooks/use-run-view";
import { executingRunStatuses } from "@/lib/contracts/run-status";
import { AnswerMarkdown } from "../markdown/answer-markdown";
import { buildFigureIndex } from "../markdown/figure-links";
import { secondaryButtonClass } from "../ui/button-styles";
import { ApprovalCard } from "./approval-card";
import { ApprovalDecisionNote } from "./approval-decision-note";
import { JobProgressBar } from "./job-progress-bar";
import { PlanChecklist } from "./plan-checklist";
import { ReasoningBlock } from "./reasoning-block";
import { RunArtifactLinks } from "./run-artifact-links";
import { StopRunButton } from "./stop-run-button";
import { ToolCard } from "./tool-card";
import { toolCardDomId, toolCardTitleId } from "./tool-card-dom-id";

const highlightMilliseconds = 2500;

function connectionText(connection: RunConnection, working: boolean): string | null {
  switch (connection.kind) {
    case "connecting":
      return "Connecting to the run…";
    case "streaming":
      return working ? "The agent is working…" : null;
    case "reconnecting":
      return connection.delayMs > 0
        ? `Connection lost. Reconnecting in ${Math.ceil(connection.delayMs / 1000)} s (attempt ${connection.attempt})…`
        : `Reconnecting (attempt ${connection.attempt})…`;
    case "recovering":
      return "The live events are no longer available; showing the saved run and checking for updates…";
    default:
      return null;
  }
}

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
  const capabilities = useCapabilities();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // This page's own decision, shown until the saved run (which records it too) is re-read.
  const [decided, setDecided] = useState<DecidedApproval | null>(null);
  // The server's reason a decision was refused as stale (409 APPROVAL_CONFLICT).
  const [staleApproval, setStaleApproval] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // Figures can only be traced once the results are known (the snapshot carries them).
  const figureIndex = useMemo(
    () => (view.hasSnapshot ? buildFigureIndex(view.tools) : null),
    [view.hasSnapshot, view.tools],
  );
  const toolNames = useMemo(
    () => new Map(view.tools.map((card) => [card.toolCallId, card.toolName])),
    [view.tools],
  );
  const cardIds = useMemo(() => new Set(view.tools.map((card) => card.toolCallId)), [view.tools]);
  // Decisions by call: the saved ones (they survive a refresh), else this page's own.
  const decisionByCall = useMemo(() => {
    const byCall = new Map<string, DecidedApproval>();
    if (decided) byCall.set(decided.toolCallId, decided);
    for (const decision of view.decisions) byCall.set(decision.toolCallId, decision);
    return byCall;
  }, [view.decisions, decided]);
  // A call's job chain (a hand-off) shows one bar: the job that reported last.
  const jobByCall = useMemo(() => {
    const latest = new Map<string, JobProgressState>();
    for (const job of view.jobs) if (job.toolCallId) latest.set(job.toolCallId, job);
    return latest;
  }, [view.jobs]);
  const describedBy = useCallback(
    (toolCallId: string) => toolCardTitleId({ runId, toolCallId }),
    [runId],
  );
  const selectFigure = useCallback(
    (toolCallId: string) => {
      const card = document.getElementById(toolCardDomId({ runId, toolCallId }));
      if (card) {
        const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        card.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
        card.focus({ preventScroll: true });
      }
      setHighlighted(toolCallId);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setHighlighted(null), highlightMilliseconds);
    },
    [runId],
  );

  // The decision was recorded: the same run goes on, its stream opens again from the last seq.
  const continueAfterDecision = useCallback(
    (decision: DecidedApproval) => {
      setDecided(decision);
      setStaleApproval(null);
      resume();
    },
    [resume],
  );
  // A stale card: re-read the run; if it moved on (decided elsewhere), follow it again.
  const reloadAfterConflict = useCallback(
    (message: string) => {
      setStaleApproval(message);
      void fetchRunSnapshot({ runId })
        .then((snapshot) => {
          mergeSnapshot(snapshot);
          if (executingRunStatuses.has(snapshot.run_status)) resume();
        })
        .catch(() => retry());
    },
    [runId, mergeSnapshot, resume, retry],
  );
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
  const status = connectionText(connection, working);
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
        <ol className="space-y-2" data-testid="tool-card-list" aria-label="Tool calls">
          {view.tools.map((card) => (
            <li key={card.toolCallId} className="space-y-2">
              <ToolCard
                runId={runId}
                card={card}
                toolNames={toolNames}
                highlighted={highlighted === card.toolCallId}
                job={jobByCall.get(card.toolCallId)}
              />
              {pending?.toolCallId === card.toolCallId ? approvalCard : null}
              {decisionByCall.has(card.toolCallId) && pending?.toolCallId !== card.toolCallId ? (
                <ApprovalDecisionNote
                  decision={decisionByCall.get(card.toolCallId) as DecidedApproval}
                />
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {pendingHasCard ? null : approvalCard}
      {staleApproval ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-xs text-amber-950"
          data-testid="approval-stale"
        >
          That approval was no longer current: the step was already decided (perhaps in another tab)
          or the run had moved on, so your decision was not applied. The run was reloaded and is
          shown as it is now.{" "}
          <code className="rounded bg-amber-100 px-1 py-0.5">APPROVAL_CONFLICT</code>
        </div>
      ) : null}
      {view.jobs
        .filter((job) => job.toolCallId === null || !cardIds.has(job.toolCallId))
        .map((job) => (
          <JobProgressBar key={job.jobId} job={job} />
        ))}
      {view.text ? (
        <div
          className="rounded-lg border border-slate-200 bg-white p-4"
          data-testid="assistant-answer"
          data-complete={finished ? "true" : "false"}
        >
          <AnswerMarkdown
            text={view.text}
            figureIndex={figureIndex}
            describedBy={describedBy}
            onFigureSelect={selectFigure}
          />
          <div className="mt-3 empty:hidden">
            <RunArtifactLinks tools={view.tools} onSelect={selectFigure} />
          </div>
        </div>
      ) : finished && !view.error && connection.kind === "settled" ? (
        <p className="text-sm text-slate-600" data-testid="assistant-no-answer">
          This run ended ({view.runStatus}) without an answer.
        </p>
      ) : null}
      {view.error ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          data-testid="run-error"
        >
          The run failed: {view.error.message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5 text-xs" data-testid="run-error-code">
            {view.error.code}
          </code>
        </div>
      ) : null}
      {connection.kind === "failed" ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          data-testid="run-load-error"
        >
          This run could not be loaded: {describeError(connection.error).message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5 text-xs">
            {describeError(connection.error).code}
          </code>
          <button type="button" className={`${secondaryButtonClass} ml-2`} onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {status ? (
          <p
            className="flex items-center gap-2 text-xs text-slate-500"
            data-testid="run-status-line"
          >
            {isBusy ? (
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-blue-600" />
            ) : null}
            {status}
          </p>
        ) : (
          <span />
        )}
        {capabilities.data?.run_cancel_v1 ? (
          <StopRunButton
            runId={runId}
            view={view}
            live={live}
            savedCancelStatus={savedCancelStatus}
            onAccepted={continueAfterStop}
            onSnapshot={mergeSnapshot}
          />
        ) : null}
      </div>
      <div aria-live="polite" className="sr-only">
        {finished && connection.kind === "settled"
          ? `Run ${view.runStatus}${view.tools.length > 0 ? ` after ${view.tools.length} tool calls` : ""}.`
          : ""}
      </div>
    </section>
  );
}
