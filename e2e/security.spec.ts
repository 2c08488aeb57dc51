import { request as httpRequest } from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { uniqueName } from "./support/api";

// SEC-2 against the real server: the refusals come from proxy.ts before any route handler.

const evilSite = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };

async function projectNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/api/projects");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { projects: { name: string }[] };
  return body.projects.map((project) => project.name).sort();
}

async function errorCode(response: { json: () => Promise<unknown> }): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

test("a cross-site text/plain POST creates no project", async ({ request }) => {
  const before = await projectNames(request);
  const name = uniqueName("Cross-site");
  const response = await request.post("/api/projects", {
    headers: { ...evilSite, "content-type": "text/plain;charset=UTF-8" },
    data: JSON.stringify({ name }),
  });
  expect(response.status()).toBe(403);
  expect(await errorCode(response)).toBe("FORBIDDEN_ORIGIN");
  expect(await projectNames(request)).toEqual(before);
});

test("cross-site approvals and cancels are refused before the route runs", async ({ request }) => {
  const approval = await request.post("/api/runs/no-such-run/approvals", {
    headers: evilSite,
    data: { tool_call_id: "call-1", tool_name: "clear_graph", decision: "approve" },
  });
  expect(approval.status()).toBe(403);
  expect(await errorCode(approval)).toBe("FORBIDDEN_ORIGIN");
  const cancel = await request.post("/api/runs/cancel", {
    headers: evilSite,
    data: { cancel_request_id: "cancel-1", run_id: "no-such-run" },
  });
  expect(cancel.status()).toBe(403);
  expect(await errorCode(cancel)).toBe("FORBIDDEN_ORIGIN");
});

test("a same-origin text/plain body is refused with 415", async ({ request, baseURL }) => {
  const before = await projectNames(request);
  const response = await request.post("/api/projects", {
    headers: { origin: new URL(baseURL as string).origin, "content-type": "text/plain" },
    data: JSON.stringify({ name: uniqueName("Text plain") }),
  });
  expect(response.status()).toBe(415);
  expect(await errorCode(response)).toBe("UNSUPPORTED_MEDIA_TYPE");
  expect(await projectNames(request)).toEqual(before);
});

test("a rebinding Host header is refused", async ({ baseURL }) => {
  // node:http, because it sends the Host header exactly as given.
  const url = new URL("/api/projects", baseURL);
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { host: "evil.example" } }, (incoming) => {
      incoming.resume();
      resolve(incoming.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
  expect(status).toBe(403);
});
