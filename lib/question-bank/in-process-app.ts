import "server-only";
import { readdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// Serves the app's own route handlers (app/api/**/route.ts, behind proxy.ts) on a loopback port
// in this process. `npm run eval` uses it instead of spawning `next dev`: a second `next dev`
// in a checkout where one already runs is refused (Next locks its build folder), and every
// route would first be compiled. The handlers and the proxy are the ones Next would run; only
// the HTTP plumbing is this file's.

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

type RouteModule = Record<string, unknown>;

type Route = {
  file: string;
  segments: string[];
  load: () => Promise<RouteModule>;
};

type Proxy = (request: Request) => Response | Promise<Response>;

/** A running in-process app: its base URL, and how to stop listening. */
export type InProcessApp = { url: string; close: () => Promise<void> };

/** Serves every route of `root`/app/api on 127.0.0.1 at a free port. */
export async function serveAppInProcess(input: { root: string }): Promise<InProcessApp> {
  const routes = await discoverRoutes({ apiDirectory: path.join(input.root, "app", "api") });
  const proxy = await loadProxy({ root: input.root });
  const dispatch = async (request: Request): Promise<Response> => {
    const refused = await proxy(request);
    if (refused) return refused;
    const { pathname } = new URL(request.url);
    const parts = pathname.split("/").filter(Boolean);
    for (const route of routes) {
      const params = matchRoute({ segments: route.segments, parts });
      if (!params) continue;
      const handler = (await route.load())[request.method] as RouteHandler | undefined;
      if (!handler) return new Response(null, { status: 405 });
      return handler(request, { params: Promise.resolve(params) });
    }
    return new Response(null, { status: 404 });
  };
  return listen({ dispatch });
}

/** Every `route.ts` under app/api, most specific first (static segments before `[params]`). */
async function discoverRoutes(input: { apiDirectory: string }): Promise<Route[]> {
  const entries = await readdir(input.apiDirectory, { recursive: true, withFileTypes: true });
  const routes: Route[] = entries
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(path.dirname(input.apiDirectory), entry.parentPath);
      const segments = relative.split(path.sep).filter((segment) => !/^\(.*\)$/.test(segment)); // route groups add no path segment
      let loaded: Promise<RouteModule> | undefined;
      // Loaded on first use: the eval touches a dozen of the app's routes, not all of them.
      return { file, segments, load: () => (loaded ??= import(file) as Promise<RouteModule>) };
    });
  return routes.sort((left, right) => compareSpecificity(left.segments, right.segments));
}

function segmentRank(segment: string): number {
  if (segment.startsWith("[...") || segment.startsWith("[[...")) return 2;
  return segment.startsWith("[") ? 1 : 0;
}

function compareSpecificity(left: string[], right: string[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = segmentRank(left[index]) - segmentRank(right[index]);
    if (difference !== 0) return difference;
  }
  return right.length - left.length;
}

function matchRoute(input: {
  segments: string[];
  parts: string[];
}): Record<string, string | string[]> | undefined {
  const params: Record<string, string | string[]> = {};
  for (const [index, segment] of input.segments.entries()) {
    const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(segment);
    if (catchAll) {
      params[catchAll[1]] = input.parts.slice(index).map(decodeURIComponent);
      return params;
    }
    const part = input.parts[index];
    if (part === undefined) return undefined;
    const param = /^\[(\w+)\]$/.exec(segment);
    if (param) params[param[1]] = decodeURIComponent(part);
    else if (segment !== part) return undefined;
  }
  return input.parts.length === input.segments.length ? params : undefined;
}

/**
 * The app's proxy.ts as a function answering the refusal (or redirect) it decides, or undefined
 * when the request may reach its route. The proxy reads only the method, URL, headers and
 * cookies, so it gets a body-less copy: an upload's stream stays unread for its route.
 */
async function loadProxy(input: { root: string }) {
  const { NextRequest } = await import("next/server");
  const module = (await import(path.join(input.root, "proxy.ts"))) as { proxy: Proxy };
  return async (request: Request): Promise<Response | undefined> => {
    const copy = new NextRequest(request.url, { method: request.method, headers: request.headers });
    const decision = await module.proxy(copy);
    return decision.headers.get("x-middleware-next") ? undefined : decision;
  };
}

async function listen(input: {
  dispatch: (request: Request) => Promise<Response>;
}): Promise<InProcessApp> {
  const server = http.createServer(async (incoming, outgoing) => {
    const disconnected = abortOnEarlyClose(outgoing);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(", "));
      }
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const request = new Request(`http://${incoming.headers.host}${incoming.url ?? "/"}`, {
        method: incoming.method,
        headers,
        body: hasBody && chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        signal: disconnected,
      });
      const response = await input.dispatch(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      if (response.body) {
        const reader = response.body.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          if (outgoing.destroyed) {
            await reader.cancel();
            break;
          }
          outgoing.write(next.value);
        }
      }
      outgoing.end();
    } catch (error) {
      // Headers already sent (or the client gone): all that is left is to drop the connection.
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(500).end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // An SSE reader still attached must not keep the close waiting.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A signal that aborts when the connection closes before the response was finished, as Next
 * does for route handlers: an event stream stops when its reader goes away.
 */
function abortOnEarlyClose(outgoing: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("The client disconnected."));
  });
  return controller.signal;
}
