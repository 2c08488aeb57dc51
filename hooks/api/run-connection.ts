/**
 * How the page is following a run: reading its events, waiting to reconnect, rebuilding it from
 * the saved snapshot, or done.
 */
export type RunConnection =
  | { kind: "connecting" }
  | { kind: "streaming" }
  | { kind: "reconnecting"; attempt: number; delayMs: number }
  | { kind: "recovering" }
  | { kind: "settled" }
  | { kind: "failed"; error: unknown };
