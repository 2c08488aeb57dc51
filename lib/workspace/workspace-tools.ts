import { z } from "zod";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { toolFailureEnvelope } from "@/lib/errors/tool-failure-envelope";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { allowedCommandNames } from "./command-allow-list";
import { listWorkspaceFiles } from "./list-workspace-files";
import { publishDerived } from "./publish-derived";
import { runRestrictedCommand } from "./run-restricted-command";
import { setSessionEnvironment } from "./session-environment";
import { viewWorkspaceFile } from "./view-workspace-file";
import { parseWorkspaceReference } from "./workspace-reference";
import { workspaceSuccess } from "./workspace-tool-envelope";
import {
  listFilesArgsSchema,
  publishFileArgsSchema,
  runCommandArgsSchema,
  setEnvironmentArgsSchema,
  viewFileArgsSchema,
} from "./workspace-tool-schemas";

/**
 * Scheduler resources of the workspace, one per area: `WS:Uploaded`, `WS:Derived`,
 * `WS:Environment`, `WS:Ephemeral`. Readers name every area they may touch (a path argument
 * can point anywhere), so no wildcard semantics are needed.
 */
const everyArea = ["WS:Uploaded", "WS:Derived", "WS:Environment", "WS:Ephemeral"];

type Context = { ownerId: string; sessionId: string; signal?: AbortSignal };

type WorkspaceTool = {
  name: string;
  description: string;
  schema: z.ZodType;
  catalogue: ToolCatalogueEntry;
  sensitive?: boolean;
  run: (args: never, context: Context) => Promise<ToolEnvelope>;
};

function entry(reads: string[], writes: string[]): ToolCatalogueEntry {
  return { resources: { reads, writes }, requires_approval: false, may_be_async: false };
}

function defineWorkspaceTool<Schema extends z.ZodType>(tool: {
  name: string;
  description: string;
  schema: Schema;
  catalogue: ToolCatalogueEntry;
  sensitive?: boolean;
  run: (args: z.infer<Schema>, context: Context) => Promise<ToolEnvelope>;
}): WorkspaceTool {
  return tool as unknown as WorkspaceTool;
}

const workspaceTools: WorkspaceTool[] = [
  defineWorkspaceTool({
    name: "workspace_list_files",
    description:
      "List this session's workspace files. Areas: Uploaded (the project's uploads, read-only, as <dataset_id>/<file>), Derived (published results, immutable versions name@vN), Environment (env.json with the session variables, read-only), Ephemeral (scratch space that commands can write).",
    schema: listFilesArgsSchema,
    catalogue: entry(everyArea, []),
    run: async (args, context) =>
      workspaceSuccess(await listWorkspaceFiles({ ...context, area: args.area })),
  }),
  defineWorkspaceTool({
    name: "workspace_view_file",
    description:
      "Show the start of a text file in the workspace (Area/path). Binary files are refused; a Derived name without @vN shows its newest version.",
    schema: viewFileArgsSchema,
    catalogue: entry(everyArea, []),
    run: async (args, context) => {
      const reference = parseWorkspaceReference(args.path, { defaultArea: "Ephemeral" });
      const view = await viewWorkspaceFile({ ...context, ...reference, maxBytes: args.max_bytes });
      return workspaceSuccess(
        view,
        view.truncated
          ? `Showing the first ${view.returned_bytes} of ${view.bytes} bytes.`
          : undefined,
      );
    },
  }),
  defineWorkspaceTool({
    name: "workspace_run_command",
    description: `Run one allow-listed command (${allowedCommandNames.join(", ")}) in the session's Ephemeral folder, without a shell, with a time and output limit. File operands are workspace paths; only Ephemeral can be written, through stdout_to. Options that write files, run programs or follow links are refused.`,
    schema: runCommandArgsSchema,
    // Writes Ephemeral only with stdout_to, but catalogue entries cannot say "when absent".
    catalogue: entry(everyArea, ["WS:Ephemeral"]),
    run: async (args, context) => {
      const result = await runRestrictedCommand({
        ...context,
        command: args.command,
        args: args.args,
        timeoutMs: args.timeout_ms,
        maxOutputBytes: args.max_output_bytes,
        stdoutTo: args.stdout_to,
      });
      return workspaceSuccess(result, describeRun(result));
    },
  }),
  defineWorkspaceTool({
    name: "workspace_set_environment",
    description:
      "Set or remove session environment variables (NAME: value, NAME: null removes). Commands receive them; Environment/env.json shows them. Loader, locale and PATH-like names are reserved.",
    schema: setEnvironmentArgsSchema,
    catalogue: entry([], ["WS:Environment"]),
    sensitive: true,
    run: async (args, context) =>
      workspaceSuccess(
        await setSessionEnvironment({
          ...context,
          variables: args.variables,
          replace: args.replace,
        }),
      ),
  }),
  defineWorkspaceTool({
    name: "workspace_publish_file",
    description:
      "Publish an Ephemeral file as a Derived result: each publish creates a new immutable version (1, 2, …) of the name; earlier versions stay unchanged.",
    schema: publishFileArgsSchema,
    catalogue: entry(["WS:Ephemeral"], ["WS:Derived"]),
    run: async (args, context) => {
      const published = await publishDerived({ ...context, from: args.from, to: args.to });
      return workspaceSuccess(published, `Published ${published.reference}.`);
    },
  }),
];

/** The workspace tools as the model sees them (JSON Schema arguments, catalogue resources). */
export function workspaceToolDescriptors(): ToolDescriptor[] {
  return workspaceTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.schema, { io: "input" }) as Record<string, unknown>,
    catalogue: tool.catalogue,
    source: "workspace",
  }));
}

/** True for the name of a workspace tool. */
export function isWorkspaceToolName(name: string): boolean {
  return workspaceTools.some((tool) => tool.name === name);
}

/**
 * Runs one workspace tool call for the owner's session and returns its envelope; expected
 * failures (bad arguments, refused paths or commands, timeouts, cancellation) never throw.
 */
export async function executeWorkspaceTool(input: {
  ownerId: string;
  sessionId: string;
  toolName: string;
  args: unknown;
  signal?: AbortSignal;
}): Promise<ToolEnvelope> {
  const tool = workspaceTools.find((candidate) => candidate.name === input.toolName);
  if (!tool) {
    return failedEnvelope({
      code: "INVALID_REQUEST",
      message: `${input.toolName} is not a workspace tool.`,
    });
  }
  const parsed = tool.schema.safeParse(input.args ?? {});
  if (!parsed.success) {
    return toolFailureEnvelope({
      error: parsed.error,
      toolName: tool.name,
      source: "Workspace tool",
    });
  }
  const context = { ownerId: input.ownerId, sessionId: input.sessionId, signal: input.signal };
  try {
    if (input.signal?.aborted) {
      throw new WorkspaceError(
        "COMMAND_CANCELLED",
        `${tool.name} was cancelled before it started.`,
      );
    }
    return await tool.run(parsed.data as never, context);
  } catch (error) {
    return toolFailureEnvelope({
      error,
      toolName: tool.name,
      source: "Workspace tool",
      sensitive: tool.sensitive,
    });
  }
}

function describeRun(result: Awaited<ReturnType<typeof runRestrictedCommand>>): string {
  const parts = [result.exit_code === null ? "stopped" : `exit code ${result.exit_code}`];
  if (result.stdout_truncated || result.stderr_truncated) {
    parts.push("output truncated at the limit; the command was stopped there");
  }
  if (result.stdout_to) parts.push(`stdout written to ${result.stdout_to.reference}`);
  return parts.join("; ");
}
