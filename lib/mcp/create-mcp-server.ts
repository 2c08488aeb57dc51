import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { readMcpIdentity } from "./mcp-identity";
import { enabledTools } from "./tool-catalogue";
import { failureEnvelope, successEnvelope, toCallToolResult } from "./tool-envelope";

/**
 * A graph-engine MCP server for one HTTP request (stateless Streamable HTTP: every call brings
 * its own short-lived session, MCP-2). The low-level Server is used instead of McpServer so an
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
}): Server {
  const server = new Server(
    { name: "graph-workbench-engine", version: "1.0.0" },
    { capabilities: { tools: {} } },
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

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      return toCallToolResult({
        success: false,
        status: "failed",
        error_code: "INVALID_REQUEST",
        message: `Unknown tool "${name}".`,
      });
    }
    try {
      const args = tool.input.parse(request.params.arguments ?? {});
      const identity = await readMcpIdentity(input.headers);
      const signal = input.signal ? AbortSignal.any([extra.signal, input.signal]) : extra.signal;
      const outcome = await tool.run(args, { identity, signal });
      return toCallToolResult(successEnvelope(outcome));
    } catch (error) {
      return toCallToolResult(failureEnvelope(error, name));
    }
  });
  return server;
}
