import type { Session } from "@/lib/contracts/session";

/** A dataset as a session names it. */
export type SessionDataset = { id: string; name: string };

/** The API shape of a session in lists. */
export function toSessionJson(
  session: {
    id: string;
    projectId: string;
    title: string;
    createdAt: Date;
    updatedAt: Date;
    lastRunAt: Date | null;
    activeDataset?: SessionDataset | null;
  },
  /** The dataset the latest question attached, for a session with no bound dataset yet. */
  attached: SessionDataset | null = null,
): Session {
  const dataset = session.activeDataset ?? attached;
  return {
    session_id: session.id,
    project_id: session.projectId,
    title: session.title,
    dataset_id: dataset?.id ?? null,
    dataset_name: dataset?.name ?? null,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    last_run_at: session.lastRunAt?.toISOString() ?? null,
  };
}
