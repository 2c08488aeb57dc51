import type { RunConnection } from "@/hooks/api/run-connection";

/** The status line under a run for its connection, or null when there is nothing to say. */
export function runConnectionText(connection: RunConnection, working: boolean): string | null {
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
