"use client";

import type { ReactNode } from "react";
import { useMemo } from "react";
import type { DecidedApproval, JobProgressState, RunView } from "@/hooks/api/run-view";
import { ApprovalDecisionNote } from "../approval/approval-decision-note";
import { ToolCard } from "./tool-card";

/**
 * A run's tool cards in call order, each with its job's progress, and under it the pending
 * approval card or the decision recorded for it.
 */
export function RunToolCardList({
  runId,
  view,
  decided,
  highlighted,
  approvalCard,
}: {
  runId: string;
  view: RunView;
  /** This page's own decision, until the saved run records it. */
  decided: DecidedApproval | null;
  /** The tool call whose card a figure link just selected. */
  highlighted: string | null;
  /** The pending approval's card, drawn under its call's card. */
  approvalCard: ReactNode;
}) {
  const pending = view.pendingApproval;
  // A Markdown table row in the answer: the answer restates a result's table itself.
  const answerHasTable = /^\s*\|.+\|\s*$/m.test(view.text);
  const toolNames = useMemo(
    () => new Map(view.tools.map((card) => [card.toolCallId, card.toolName])),
    [view.tools],
  );
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

  return (
    <ol className="space-y-2" data-testid="tool-card-list" aria-label="Tool calls">
      {view.tools.map((card) => (
        <li key={card.toolCallId} className="space-y-2">
          <ToolCard
            runId={runId}
            card={card}
            toolNames={toolNames}
            highlighted={highlighted === card.toolCallId}
            job={jobByCall.get(card.toolCallId)}
            answerHasTable={answerHasTable}
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
  );
}
