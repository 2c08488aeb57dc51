import type { Session } from "@/lib/contracts/session";

/** The API shape of a session in lists. */
export function toSessionJson(session: {
  id: string;
  projectId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  lastRunAt: Date | null;
}): Session {
  return {
    session_id: session.id,
    project_id: session.projectId,
    title: session.title,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    last_run_at: session.lastRunAt?.toISOString() ?? null,
  };
}
