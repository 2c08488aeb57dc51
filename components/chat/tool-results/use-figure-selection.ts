"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toolCardDomId, toolCardTitleId } from "./tool-card-dom-id";

const highlightMilliseconds = 2500;

/**
 * A run's figure links: selecting one scrolls to and focuses its tool card, which stays
 * highlighted for a moment; `describedBy` names the card title a link is described by.
 */
export function useFigureSelection(runId: string) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

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
  return { highlighted, describedBy, selectFigure };
}
