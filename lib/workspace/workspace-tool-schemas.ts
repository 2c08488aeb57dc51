import { z } from "zod";
import { allowedCommandNames } from "./command-allow-list";
import { workspaceAreas } from "./workspace-layout";
import {
  maxCommandArgumentBytes,
  maxCommandArguments,
  maxCommandOutputBytes,
  maxCommandTimeoutMs,
  maxPathLength,
  maxViewBytes,
} from "./workspace-limits";

const workspacePath = z
  .string()
  .min(1)
  .max(maxPathLength)
  .describe(
    "A workspace path: Area/path with Area one of Uploaded, Derived, Environment, Ephemeral (e.g. Uploaded/<dataset_id>/orders.csv, Derived/report.csv@v2); without an area it means Ephemeral.",
  );

/** Arguments of workspace_list_files. */
export const listFilesArgsSchema = z
  .object({
    area: z.enum(workspaceAreas).optional().describe("Only this area; all areas when omitted."),
  })
  .strict();

/** Arguments of workspace_view_file. */
export const viewFileArgsSchema = z
  .object({
    path: workspacePath,
    max_bytes: z
      .number()
      .int()
      .min(1)
      .max(maxViewBytes)
      .optional()
      .describe("Bytes to return from the start of the file (default 65536)."),
  })
  .strict();

/** Arguments of workspace_run_command. */
export const runCommandArgsSchema = z
  .object({
    // A string, not an enum: a command off the list gets the stable COMMAND_NOT_ALLOWED code.
    command: z
      .string()
      .min(1)
      .max(64)
      .describe(`One of: ${allowedCommandNames.join(", ")}. No shell, so no pipes.`),
    args: z
      .array(z.string().max(maxCommandArgumentBytes))
      .max(maxCommandArguments)
      .default([])
      .describe(
        "Arguments, one per item; no shell: no pipes, redirections or globs. File operands are workspace paths (Uploaded/…, Derived/…, Environment/…, or relative to Ephemeral).",
      ),
    timeout_ms: z.number().int().min(1).max(maxCommandTimeoutMs).optional(),
    max_output_bytes: z.number().int().min(1).max(maxCommandOutputBytes).optional(),
    stdout_to: z
      .string()
      .min(1)
      .max(maxPathLength)
      .optional()
      .describe(
        "Write stdout to this Ephemeral file instead of returning it (e.g. Ephemeral/top.csv).",
      ),
  })
  .strict();

/** Arguments of workspace_set_environment. */
export const setEnvironmentArgsSchema = z
  .object({
    variables: z
      .record(z.string(), z.string().nullable())
      .describe("NAME: value to set, NAME: null to remove. Names match ^[A-Z_][A-Z0-9_]*$."),
    replace: z.boolean().optional().describe("Replace all variables instead of merging."),
  })
  .strict();

/** Arguments of workspace_publish_file. */
export const publishFileArgsSchema = z
  .object({
    from: z.string().min(1).max(maxPathLength).describe("The Ephemeral file to publish."),
    to: z
      .string()
      .min(1)
      .max(maxPathLength)
      .describe("The Derived name, without a version; each publish adds version N+1."),
  })
  .strict();
