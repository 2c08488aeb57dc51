import "server-only";
/** Why the embedded PostgreSQL could not start; each kind has its own fix in the message. */
export type EmbeddedPostgresFailureKind =
  | "no-server-user"
  | "disk-full"
  | "port-taken"
  | "permission"
  | "data-directory"
  | "server-exited";

/**
 * The embedded PostgreSQL cannot start here. The message is one sentence that names the cause
 * and the fix, because start-up prints it as it is and exits (no stack trace for the user).
 */
export class EmbeddedPostgresStartError extends Error {
  readonly code = "EMBEDDED_POSTGRES_START";
  readonly kind: EmbeddedPostgresFailureKind;

  constructor(input: { kind: EmbeddedPostgresFailureKind; message: string; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = "EmbeddedPostgresStartError";
    this.kind = input.kind;
  }

  static isInstance(error: unknown): error is EmbeddedPostgresStartError {
    return (error as { code?: unknown } | null)?.code === "EMBEDDED_POSTGRES_START";
  }
}

const useExternal = "or set DATABASE_URL to a PostgreSQL server you run yourself";

/** Turns a file-system error met while preparing `where` into the start error a user can act on. */
export function fileSystemStartError(input: { error: unknown; where: string }) {
  const code = (input.error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") {
    return new EmbeddedPostgresStartError({
      kind: "disk-full",
      message: `the disk holding ${input.where} is full: free some space, point DATA_DIR at another disk, ${useExternal}`,
      cause: input.error,
    });
  }
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return new EmbeddedPostgresStartError({
      kind: "permission",
      message: `${input.where} is not writable (${code}): set DATA_DIR to a directory you may write, ${useExternal}`,
      cause: input.error,
    });
  }
  if (code === "ENOTDIR" || code === "EEXIST") {
    return new EmbeddedPostgresStartError({
      kind: "data-directory",
      message: `${input.where} is not a directory (a file is in the way): set DATA_DIR to a directory, ${useExternal}`,
      cause: input.error,
    });
  }
  return new EmbeddedPostgresStartError({
    kind: "data-directory",
    message: `${input.where} could not be prepared (${code ?? String(input.error)}): set DATA_DIR to another directory, ${useExternal}`,
    cause: input.error,
  });
}

export { useExternal as useExternalDatabaseHint };
