import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  findWorkspaceSession,
  sessionEnvironmentStateKey,
  updateSessionEnvironmentState,
} from "@/lib/db/queries/workspace-files";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { environmentFileName, type WorkspaceLayout, workspaceLayout } from "./workspace-layout";
import {
  maxEnvironmentNameLength,
  maxEnvironmentTotalBytes,
  maxEnvironmentValueBytes,
  maxEnvironmentVariables,
} from "./workspace-limits";

const namePattern = /^[A-Z_][A-Z0-9_]*$/;

/**
 * Names a session may not set, because commands get the session variables as their process
 * environment: the dynamic loader, glibc and locale variables that load code or read files
 * (glibc's own "unsecure" list: LD_*, GCONV_PATH, LOCPATH, GLIBC_TUNABLES, …), PATH (we pick the
 * binaries), TMPDIR (we point it at the session scratch folder) and variables that change how
 * the allowed tools parse their options (POSIXLY_CORRECT, _POSIX2_VERSION) or read extra files.
 */
const reservedNamePattern =
  /^(PATH|TMPDIR|HOME|SHELL|IFS|ENV|BASH_ENV|CDPATH|POSIXLY_CORRECT|TZ|TZDIR|TERM|TERMINFO|TERMINFO_DIRS|LANG|LANGUAGE|LC_[A-Z_]*|LD_[A-Z0-9_]*|DYLD_[A-Z0-9_]*|GCONV_PATH|GETCONF_DIR|GLIBC_TUNABLES|HOSTALIASES|LOCALDOMAIN|LOCPATH|MALLOC_[A-Z0-9_]*|NIS_PATH|NLSPATH|RESOLV_HOST_CONF|RES_OPTIONS|GREP_OPTIONS|GREP_COLORS?|LS_COLORS|QUOTING_STYLE|TIME_STYLE|COLUMNS|BLOCK_SIZE|BLOCKSIZE|LS_BLOCK_SIZE|DF_BLOCK_SIZE|NODE_[A-Z0-9_]*|PYTHON[A-Z0-9_]*|_POSIX2_VERSION|TABSIZE)$/;

/** The session's environment variables (empty when none were set). */
export async function getSessionEnvironment(input: {
  ownerId: string;
  sessionId: string;
}): Promise<Record<string, string>> {
  const session = await findWorkspaceSession(input);
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  return environmentFromState(session.state);
}

/**
 * Sets (string) or removes (null) session environment variables, or replaces them all with
 * `replace: true`, and re-renders `Environment/env.json`. Returns the names only: values may be
 * credentials, so they are never echoed or logged.
 */
export async function setSessionEnvironment(input: {
  ownerId: string;
  sessionId: string;
  variables: Record<string, string | null>;
  replace?: boolean;
}): Promise<{ names: string[]; count: number }> {
  const changes = validateEnvironmentChanges(input.variables);
  const next = await updateSessionEnvironmentState({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    update: (current) => {
      const merged = input.replace ? {} : sanitiseEnvironment(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) delete merged[name];
        else merged[name] = value;
      }
      assertEnvironmentBounds(merged);
      return sortByName(merged);
    },
  });
  if (!next) throw new NotFoundError("Session", { session_id: input.sessionId });
  await renderEnvironmentFile({ layout: workspaceLayout(input), variables: next });
  const names = Object.keys(next);
  return { names, count: names.length };
}

/** The variables stored in a `Session.state` value (anything malformed is ignored). */
export function environmentFromState(state: unknown): Record<string, string> {
  if (typeof state !== "object" || state === null) return {};
  return sanitiseEnvironment((state as Record<string, unknown>)[sessionEnvironmentStateKey]);
}

/**
 * Writes `Environment/env.json` when its content differs (temp file + rename, so a reader
 * never sees half a file). Environment is read-only to commands; only this function writes it.
 */
export async function renderEnvironmentFile(input: {
  layout: WorkspaceLayout;
  variables: Record<string, string>;
}): Promise<void> {
  const directory = input.layout.areas.Environment;
  const target = path.join(directory, environmentFileName);
  const content = `${JSON.stringify({ variables: sortByName(input.variables) }, null, 2)}\n`;
  const existing = await readFile(target, "utf8").catch(() => undefined);
  if (existing === content) return;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = path.join(input.layout.scratch, `env-${randomUUID()}.json`);
  await mkdir(input.layout.scratch, { recursive: true, mode: 0o700 });
  await writeFile(temporary, content, { mode: 0o600, flag: "wx" });
  await rename(temporary, target);
}

/** Checks names and values of a change set; throws INVALID_REQUEST naming the bad entry. */
export function validateEnvironmentChanges(
  variables: Record<string, string | null>,
): Record<string, string | null> {
  if (typeof variables !== "object" || variables === null || Array.isArray(variables)) {
    throw new InvalidRequestError("variables must be an object of NAME: value.");
  }
  const entries = Object.entries(variables);
  if (entries.length > maxEnvironmentVariables) {
    throw new InvalidRequestError(`At most ${maxEnvironmentVariables} variables per session.`);
  }
  for (const [name, value] of entries) {
    if (name.length > maxEnvironmentNameLength || !namePattern.test(name)) {
      throw invalid(
        name,
        `Names match ${namePattern.source} and have at most ${maxEnvironmentNameLength} characters.`,
      );
    }
    if (reservedNamePattern.test(name)) {
      throw invalid(name, `${name} is reserved: it would change how commands load or run.`);
    }
    if (value === null) continue;
    if (typeof value !== "string") throw invalid(name, "Values are strings (or null to remove).");
    if (value.includes("\0")) throw invalid(name, "Values must not contain NUL bytes.");
    if (Buffer.byteLength(value) > maxEnvironmentValueBytes) {
      throw invalid(name, `Values are at most ${maxEnvironmentValueBytes} bytes.`);
    }
  }
  return Object.fromEntries(entries);
}

function assertEnvironmentBounds(variables: Record<string, string>) {
  const names = Object.keys(variables);
  if (names.length > maxEnvironmentVariables) {
    throw new InvalidRequestError(`At most ${maxEnvironmentVariables} variables per session.`);
  }
  const total = names.reduce(
    (sum, name) => sum + Buffer.byteLength(name) + Buffer.byteLength(variables[name] ?? ""),
    0,
  );
  if (total > maxEnvironmentTotalBytes) {
    throw new InvalidRequestError(
      `The session environment is limited to ${maxEnvironmentTotalBytes} bytes in total.`,
    );
  }
}

function sanitiseEnvironment(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const result: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== "string" || !namePattern.test(name) || reservedNamePattern.test(name))
      continue;
    result[name] = entry;
  }
  return result;
}

function sortByName(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

// The message names the variable, never its value (values may be credentials).
function invalid(name: string, message: string) {
  const safeName = name.slice(0, maxEnvironmentNameLength + 8);
  return new InvalidRequestError(message, { issues: [{ path: `variables.${safeName}`, message }] });
}
