"use client";

import { type RefObject, useEffect, useRef } from "react";

/** How long a reopened conversation follows its growing turns to stay at the latest one. */
const settleMs = 4_000;

/**
 * Opens a conversation at its latest turn, not its oldest: once its turns are on the page the
 * window scrolls to the end of the list, and keeps there while the runs' transcripts load in and
 * make the list taller — until the person scrolls, types or clicks, or a few seconds passed.
 * Only the first load of a conversation does this; a new turn never moves the page by itself.
 */
export function useOpenAtLatestTurn({
  listRef,
  ready,
}: {
  listRef: RefObject<HTMLElement | null>;
  /** The conversation has loaded (its turns, if any, are on the page). */
  ready: boolean;
}) {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !ready) return;
    opened.current = true;
    const list = listRef.current;
    // An empty conversation has no list: there is nothing to scroll to.
    if (!list?.lastElementChild) return;
    // The turns end right above the message box (sticky at the bottom): the page's end shows
    // the last answer where the next question is typed.
    const toLatest = () => window.scrollTo({ top: document.documentElement.scrollHeight });
    toLatest();
    const observer = new ResizeObserver(() => toLatest());
    observer.observe(list);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of ["wheel", "touchstart", "keydown", "mousedown"] as const) {
        window.removeEventListener(type, stop);
      }
    };
    const timer = setTimeout(stop, settleMs);
    for (const type of ["wheel", "touchstart", "keydown", "mousedown"] as const) {
      window.addEventListener(type, stop, { passive: true });
    }
    return stop;
  }, [listRef, ready]);
}
