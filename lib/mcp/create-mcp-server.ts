import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import {
  type EngineCapabilities,
  engineCapabilitiesKey,
} from "@/lib/contracts/engine-capabilities";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import { UnauthorizedError } from "@/lib/errors/http-errors";
import { toolFailureEnvelope } from "@/lib/errors/tool-failure-envelope";
import { isValidInternalKey } from "@/lib/identity/internal-service-key";
import { traceMcpToolCall } from "@/lib/telemetry/mcp-tool-call-span";
import { readMcpIdentity } from "./mcp-identity";
import { refuseStaleGeneration } from "./refuse-stale-generation";
import type { ResolvedMcpIdentity } from "./resolved-mcp-identity";
import { enabledTools } from "./tool-catalogue";
import { successEnvelope, toCallToolResult } from "./tool-envelope";

// Each Server would otherwise build its own Ajv instance (about 0.35 ms per session; it only
// validates elicitation replies, which this server never asks for). It holds compiled schemas,
// no session state, so one instance serves every session.
const schemaValidator = new AjvJsonSchemaValidator();

// What a runtime that reaches this engine over GRAPH_ENGINE_URL may offer its users (Stop,
// job cancel): a call stops when its request is aborted (the signal below), and a job ends on
// a cancel, which is a row every worker polls.
const declaredCapabilities = {
  [engineCapabilitiesKey]: {
    run_cancel_v1: true,
    job_cancel_v1: true,
  } satisfies EngineCapabilities,
};

/**
 * A graph-engine MCP server for one session: one HTTP request (stateless Streamable HTTP), or
 * one in-process call over the in-memory transport; either way every call brings its own
 * short-lived session (MCP-2). The low-level Server is used instead of McpServer so an
 * argument validation failure is a `success:false` envelope with a code like every other
 * failure, not SDK error text (MCP-4).
 */
export function createMcpServer(input: {
  headers: Headers;
  /**
   * Aborts when the caller goes away (the HTTP request's signal). A stateless server never
   * receives MCP `notifications/cancelled` for a call in flight — it arrives as another
   * request, on another server instance — so a client that aborts its fetch is only heard here.
   */
  signal?: AbortSignal;
  /**
   * The calling run phase's identity, resolved once (in-process calls only; an HTTP request has
   * none). It is used only for the user, session and run the headers name, and spares each call
   * re-reading what cannot change within the phase.
   */
  resolved?: ResolvedMcpIdentity;
}): Server {
  // The internal key is checked where the server is made, not only by the HTTP route: the
  // in-process path never passes through the route, and any future transport has to come
  // through here too. An in-process caller could only lack the key through a bug, but then it
  // fails the same way a stranger's request would instead of being silently trusted.
  if (!isValidInternalKey(input.headers.get("x-internal-key"))) throw new UnauthorizedError();
  const server = new Server(
    { name: "graph-workbench-engine", version: "1.0.0" },
    {
      capabilities: { tools: {}, experimental: declaredCapabilities },
      jsonSchemaValidator: schemaValidator,
    },
  );
  const tools = enabledTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, { target: "draft-7" }) as {
        type: "object";
        [key: string]: unknown;
      },
      _meta: tool.catalogue,
    })),
  }));

  const callTool = async (
    request: CallToolRequest,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      return toCallToolResult(
        failedEnvelope({ code: "INVALID_REQUEST", message: `Unknown tool "${name}".` }),
      );
    }
    try {
      const args = tool.input.parse(request.params.arguments ?? {});
      const identity = await readMcpIdentity(input.headers, input.resolved);
      await refuseStaleGeneration(identity);
      const signal = input.signal ? AbortSignal.any([extra.signal, input.signal]) : extra.signal;
      const outcome = await tool.run(args, { identity, signal });
      return toCallToolResult(successEnvelope(outcome));
    } catch (error) {
      return toCallToolResult(toolFailureEnvelope({ error, toolName: name, source: "MCP tool" }));
    }
  };

  // Each call is the engine's SERVER span `tools/call {name}`, a child of the caller's span.
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    traceMcpToolCall(
      {
        toolName: request.params.name,
        meta: request.params._meta,
        headers: input.headers,
        requestId: extra.requestId,
      },
      () => callTool(request, extra),
    ),
  );
  return server;
}
