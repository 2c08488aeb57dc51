import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { UnauthorizedError } from "@/lib/errors/http-errors";
import { toErrorResponse } from "@/lib/http/error-response";
import { isValidInternalKey } from "@/lib/identity/internal-service-key";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";

/** The graph engine's MCP endpoint (Streamable HTTP, stateless). Internal key first, always. */
async function handle(request: Request): Promise<Response> {
  try {
    if (!isValidInternalKey(request.headers.get("x-internal-key"))) throw new UnauthorizedError();
    // request.signal aborts when the client disconnects before the response is done (next
    // start: the route's Request gets a signal fed by the Node response's early 'close').
    const server = createMcpServer({ headers: request.headers, signal: request.signal });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return await transport.handleRequest(request);
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
