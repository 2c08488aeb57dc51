import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as meRoute from "@/app/api/me/route";
import * as sessionsRoute from "@/app/api/projects/[project_id]/sessions/route";
import * as projectsRoute from "@/app/api/projects/route";
import { testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

// The README's path for an outside MCP client: who am I (GET /api/me), which project, a chat
// session for X-Session-ID, then the official SDK client with the internal key. This test uses
// nothing else — no database reads, no ids from the suite — so it breaks when that path does.
const routes: { pattern: RegExp; module: Partial<Record<string, RouteHandler>> }[] = [
  { pattern: /^\/api\/me$/, module: meRoute as never },
  { pattern: /^\/api\/projects$/, module: projectsRoute as never },
  { pattern: /^\/api\/projects\/(?<project_id>[^/]+)\/sessions$/, module: sessionsRoute as never },
  { pattern: /^\/api\/mcp$/, module: mcpRoute as never },
];

function dispatch(method: string) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      const handler = route.module[method];
      if (match && handler) {
        return handler(request, { params: Promise.resolve({ ...match.groups }) });
      }
    }
    return new Response("not found", { status: 404 });
  };
}

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;

beforeAll(async () => {
  server = await serveRouteHandlers({
    GET: dispatch("GET"),
    POST: dispatch("POST"),
    DELETE: dispatch("DELETE"),
  });
});

afterAll(async () => {
  await server?.close();
});

/** Subschemas with no validation keyword accept anything (the Inspector's --strict warning). */
function keywordlessPaths(schema: unknown, at: string): string[] {
  if (schema === true) return [at];
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const annotations = new Set(["description", "title", "default", "examples", "$schema"]);
  const keywords = Object.keys(node).filter((key) => !annotations.has(key));
  if (keywords.length === 0) return [at];
  const found: string[] = [];
  for (const key of ["items", "additionalProperties", "not"]) {
    if (node[key] !== undefined && node[key] !== false) {
      found.push(...keywordlessPaths(node[key], `${at}.${key}`));
    }
  }
  for (const key of ["properties", "$defs", "definitions"]) {
    const children = node[key];
    if (children && typeof children === "object") {
      for (const [name, child] of Object.entries(children)) {
        found.push(...keywordlessPaths(child, `${at}.${key}.${name}`));
      }
    }
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = node[key];
    if (Array.isArray(list)) {
      list.forEach((child, index) => {
        found.push(...keywordlessPaths(child, `${at}.${key}[${index}]`));
      });
    }
  }
  return found;
}

describe("an outside MCP client with only /api/me and the README", () => {
  it("learns its user id, opens a session and drives the engine with the official SDK", async () => {
    const meResponse = await fetch(`${server.url}/api/me`);
    expect(meResponse.status).toBe(200);
    const me = await meResponse.json();
    expect(me).toMatchObject({ login_free: true, display_name: expect.any(String) });
    expect(me.user_id).toMatch(/\S/);

    const { projects } = await (await fetch(`${server.url}/api/projects`)).json();
    const project = projects.find((entry: { name: string }) => entry.name === "Default project");
    expect(project).toBeDefined();
    const sessionResponse = await fetch(
      `${server.url}/api/projects/${project.project_id}/sessions`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "MCP client" }),
      },
    );
    expect(sessionResponse.status).toBe(201);
    const session = await sessionResponse.json();

    const client = new Client({ name: "outside-client", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: {
          headers: {
            "X-Internal-Key": testInternalKey,
            "X-User-ID": me.user_id,
            "X-Session-ID": session.session_id,
          },
        },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["list_datasets", "node_centrality", "create_analysis_report"]),
      );
      const result = await client.callTool({ name: "get_graph_info", arguments: {} });
      expect(result.structuredContent).toMatchObject({ success: true, data: { loaded: false } });
      const listed = await client.callTool({ name: "list_datasets", arguments: {} });
      expect(listed.structuredContent).toMatchObject({ success: true });
    } finally {
      await client.close();
    }
  });

  it("declares every tool argument portably: no subschema accepts just anything", async () => {
    const me = await (await fetch(`${server.url}/api/me`)).json();
    const client = new Client({ name: "schema-check", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { "X-Internal-Key": testInternalKey, "X-User-ID": me.user_id } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const loose = tools.flatMap((tool) =>
        keywordlessPaths(tool.inputSchema, `${tool.name}.inputSchema`),
      );
      expect(loose).toEqual([]);
      const report = tools.find((tool) => tool.name === "create_analysis_report");
      const sourceResults = report?.inputSchema.properties?.source_results as
        | { additionalProperties: { items: { type: string } } }
        | undefined;
      expect(sourceResults?.additionalProperties.items.type).toBe("object");
    } finally {
      await client.close();
    }
  });
});
