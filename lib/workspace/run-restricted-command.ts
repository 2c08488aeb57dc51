import { access, constants, realpath } from "node:fs/promises";
import path from "node:path";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { commandSearchDirectories } from "./command-allow-list";
import { type ProcessOutcome, runProcess } from "./command-process";
import { createEphemeralFileSink, type EphemeralFileResult } from "./ephemeral-file-sink";
import { prepareWorkspace } from "./prepare-workspace";
import { resolveAreaPath } from "./resolve-area-path";
import { validateCommandArguments } from "./validate-command-arguments";
import type { WorkspaceLayout } from "./workspace-layout";
import {
  defaultCommandOutputBytes,
  defaultCommandTimeoutMs,
  maxCommandOutputBytes,
  maxCommandTimeoutMs,
  maxEphemeralFileBytes,
} from "./workspace-limits";
import { formatWorkspaceReference, parseWorkspaceReference } from "./workspace-reference";

/** What a command run returns (snake_case: it becomes the tool result). */
export type CommandResult = {
  command: string;
  args: string[];
  exit_code: number | null;
  stdout: string;
  stderr: string;
  stdout_truncated: boolean;
  stderr_truncated: boolean;
  duration_ms: number;
  stdout_to?: EphemeralFileResult;
};

/**
 * Runs an allow-listed command in the session's Ephemeral folder: no shell, PATH plus the
 * session variables as environment, path operands checked against the areas, wall-clock
 * timeout and abort kill the process group, captured output capped (and flagged). With
 * `stdoutTo`, stdout goes to an Ephemeral file through the safe writer instead.
 */
export async function runRestrictedCommand(input: {
  ownerId: string;
  sessionId: string;
  command: string;
  args: string[];
  timeoutMs?: number;
  maxOutputBytes?: number;
  signal?: AbortSignal;
  stdoutTo?: string;
}): Promise<CommandResult> {
  if (input.signal?.aborted) throw cancelled(input.command);
  const timeoutMs = clamp(input.timeoutMs, defaultCommandTimeoutMs, maxCommandTimeoutMs);
  const maxOutputBytes = clamp(
    input.maxOutputBytes,
    defaultCommandOutputBytes,
    maxCommandOutputBytes,
  );
  const { layout, environment } = await prepareWorkspace(input);
  const workingDirectory = await realpath(layout.areas.Ephemeral);
  const validated = await validateCommandArguments({
    command: input.command,
    args: input.args,
    resolvePath: (raw) => resolveOperand({ layout, raw, workingDirectory }),
  });
  const file = await findBinary(validated.command);
  const sink = input.stdoutTo
    ? await createEphemeralFileSink({
        layout,
        path: input.stdoutTo,
        maxBytes: maxEphemeralFileBytes,
      })
    : undefined;
  let outcome: ProcessOutcome;
  try {
    outcome = await runProcess({
      file,
      args: validated.args,
      cwd: workingDirectory,
      // Session variables first, so PATH and TMPDIR are always ours (the names are also reserved).
      env: { ...environment, PATH: "/usr/bin:/bin", TMPDIR: layout.scratch },
      timeoutMs,
      maxOutputBytes,
      signal: input.signal,
      consumeStdout: sink?.consume,
    });
  } catch (error) {
    await sink?.discard();
    throw error;
  }
  const partial = {
    stdout: outcome.stdout.toString("utf8"),
    stderr: outcome.stderr.toString("utf8"),
  };
  if (outcome.stoppedBy === "timeout" || outcome.stoppedBy === "abort" || outcome.consumerError) {
    await sink?.discard();
    throw stopFailure({ outcome, command: input.command, timeoutMs, partial });
  }
  const stdoutTo = sink
    ? await sink.commit({ ownerId: input.ownerId, sessionId: input.sessionId })
    : undefined;
  return {
    command: input.command,
    args: input.args,
    exit_code: outcome.exitCode,
    ...partial,
    stdout_truncated: outcome.stdoutTruncated,
    stderr_truncated: outcome.stderrTruncated,
    duration_ms: outcome.durationMs,
    ...(stdoutTo ? { stdout_to: stdoutTo } : {}),
  };
}

/**
 * A path operand as the command will see it: checked inside its area (links included) and
 * rewritten relative to the working directory, e.g. `Uploaded/x.csv` → `../Uploaded/x.csv`.
 */
async function resolveOperand(input: {
  layout: WorkspaceLayout;
  raw: string;
  workingDirectory: string;
}): Promise<string> {
  const reference = parseWorkspaceReference(input.raw, { defaultArea: "Ephemeral" });
  const resolved = await resolveAreaPath({ layout: input.layout, reference, purpose: "read" });
  if (resolved.kind === "other") {
    throw new WorkspaceError(
      "PATH_NOT_ALLOWED",
      `${formatWorkspaceReference(reference)} is not a regular file or folder.`,
      { path: input.raw },
    );
  }
  const relative = path.relative(input.workingDirectory, resolved.absolute) || ".";
  // Never let a rewritten operand look like an option.
  return relative.startsWith("-") ? `./${relative}` : relative;
}

const binaryCache = new Map<string, string>();

/** The absolute path of an allowed binary, from fixed system folders only. */
async function findBinary(command: string): Promise<string> {
  const cached = binaryCache.get(command);
  if (cached) return cached;
  for (const directory of commandSearchDirectories) {
    const candidate = path.join(directory, command);
    try {
      await access(candidate, constants.X_OK);
      binaryCache.set(command, candidate);
      return candidate;
    } catch {
      // Not in this folder; try the next.
    }
  }
  throw new WorkspaceError("COMMAND_NOT_ALLOWED", `${command} is not installed on this server.`);
}

/** Why a run that did not finish on its own failed: timeout, cancellation or a full file. */
function stopFailure(input: {
  outcome: ProcessOutcome;
  command: string;
  timeoutMs: number;
  partial: { stdout: string; stderr: string };
}): unknown {
  if (input.outcome.stoppedBy === "timeout") {
    return new WorkspaceError(
      "COMMAND_TIMEOUT",
      `${input.command} did not finish within ${input.timeoutMs} ms and was stopped.`,
      { timeout_ms: input.timeoutMs, ...input.partial },
    );
  }
  if (input.outcome.stoppedBy === "abort") return cancelled(input.command, input.partial);
  return input.outcome.consumerError;
}

function clamp(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(value)));
}

function cancelled(command: string, partial?: { stdout: string; stderr: string }) {
  return new WorkspaceError("COMMAND_CANCELLED", `${command} was cancelled.`, partial);
}
