import "server-only";
import { Logger } from "graphile-worker";

/**
 * graphile-worker logs every job start and completion at info level; our own records say more.
 * Warnings and errors are kept.
 */
export const quietQueueLogger = new Logger(() => (level, message) => {
  if (level === "error") console.error(`job queue: ${message}`);
  else if (level === "warning") console.warn(`job queue: ${message}`);
});
