import http from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (request: Request) => Promise<Response>;

/**
 * Serves Next route handlers on a real loopback HTTP server, so a client (the official MCP
 * client, fetch) talks to them over the wire exactly as it would to `next start` — including
 * `request.signal`, which aborts when the client disconnects before the response is complete.
 */
export async function serveRouteHandlers(handlers: Partial<Record<string, Handler>>) {
  const server = http.createServer(async (incoming, outgoing) => {
    const disconnected = abortOnEarlyClose(outgoing);
    try {
      const handler = handlers[incoming.method ?? "GET"];
      if (!handler) {
        outgoing.writeHead(405).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(", "));
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://127.0.0.1${incoming.url ?? "/"}`, {
        method: incoming.method,
        headers,
        body: incoming.method === "GET" || incoming.method === "HEAD" ? undefined : body,
        signal: disconnected,
      });
      const response = await handler(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      if (response.body) {
        const reader = response.body.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          outgoing.write(next.value);
        }
      }
      outgoing.end();
    } catch (error) {
      // Headers already sent (or the client gone): all that is left is to drop the connection.
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // Open streams (an SSE reader, a computation a failed test left running) must not keep
    // afterAll waiting for them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A signal that aborts when the connection closes before the response was finished, as Next
 * does for route handlers (`signalFromNodeResponse`). The response's 'close' is the one to
 * watch: the request's own 'close' fires once its body has been read on current Node versions,
 * long before a slow handler answers.
 */
function abortOnEarlyClose(outgoing: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("The client disconnected."));
  });
  return controller.signal;
}
