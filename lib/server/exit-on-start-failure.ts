import "server-only";
import { fileSystemStartError } from "@/lib/db/embedded-postgres-start-error";

const prefix = "workbench: cannot start — ";

/**
 * One sentence for a start-up failure: our error classes already carry "cause: fix"; anything
 * else is reduced to its first line. Never a stack trace — the person reading it needs the fix.
 */
export function describeStartFailure(input: { error: unknown }): string {
  const { error } = input;
  const fileError = error as NodeJS.ErrnoException | null;
  // A bare fs error (e.g. writing DATA_DIR/internal-service-key) gets the DATA_DIR fix too.
  const raw =
    fileError?.syscall && fileError.code
      ? fileSystemStartError({ error, where: fileError.path ?? "DATA_DIR" }).message
      : error instanceof Error
        ? error.message
        : String(error);
  const firstLine = raw.split("\n").find((line) => line.trim()) ?? "unknown error";
  const sentence = firstLine.trim().replace(/[.\s]+$/, "");
  return `${prefix}${sentence}.`;
}

/**
 * Prints the failure as one line and ends the process: a server whose database cannot open
 * would otherwise accept connections and answer none of them.
 */
export function exitOnStartFailure(input: { error: unknown }): never {
  process.stderr.write(`${describeStartFailure(input)}\n`);
  process.exit(1);
}
