"use client";

import { useCallback, useState } from "react";
import { fetchRunSnapshot } from "@/hooks/api/fetch-run-snapshot";
import type { DecidedApproval } from "@/hooks/api/run-view";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { executingRunStatuses } from "@/lib/contracts/run-status";

/**
 * What a run's approval card does after a decision: follow the run on when it was recorded,
 * re-read it when the server refused the decision as stale.
 */
export function useRunApprovalDecisions({
  runId,
  resume,
  retry,
  mergeSnapshot,
}: {
  runId: string;
  resume: () => void;
  retry: () => void;
  mergeSnapshot: (snapshot: RunSnapshot) => void;
}) {
  // This page's own decision, shown until the saved run (which records it too) is re-read.
  const [decided, setDecided] = useState<DecidedApproval | null>(null);
  // The server's reason a decision was refused as stale (409 APPROVAL_CONFLICT).
  const [staleApproval, setStaleApproval] = useState<string | null>(null);

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
  return { decided, staleApproval, continueAfterDecision, reloadAfterConflict };
}
