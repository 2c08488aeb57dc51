/** An answer of the workbench's HTTP API: its status and parsed JSON body (null when none). */
export type ApiAnswer = { status: number; body: Record<string, unknown> | null };

/** The few HTTP calls the eval makes, with the headers a non-browser client needs. */
export type WorkbenchClient = {
  baseUrl: string;
  json: (input: { method: "GET" | "POST"; path: string; body?: unknown }) => Promise<ApiAnswer>;
  upload: (input: { path: string; form: FormData }) => Promise<ApiAnswer>;
  openStream: (input: { path: string; signal: AbortSignal }) => Promise<Response>;
};

/**
 * A client of one workbench server. State changes carry `Origin: <base URL>` (the server takes
 * them only from its own origin) and JSON bodies `application/json`; with an access token
 * (WORKBENCH_ACCESS_TOKEN) every call carries it as a Bearer token. Without one the server
 * acts as its login-free workspace owner.
 */
export function createWorkbenchClient(input: {
  baseUrl: string;
  accessToken?: string;
}): WorkbenchClient {
  const baseUrl = input.baseUrl.replace(/\/+$/, "");
  const origin = new URL(baseUrl).origin;
  const common: Record<string, string> = input.accessToken
    ? { authorization: `Bearer ${input.accessToken}` }
    : {};
  return {
    baseUrl,
    json: async ({ method, path, body }) => {
      const headers: Record<string, string> = { ...common, accept: "application/json" };
      if (method !== "GET") headers.origin = origin;
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await readJson(response) };
    },
    upload: async ({ path, form }) => {
      // fetch sets the multipart content type (with its boundary) itself.
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { ...common, origin, accept: "application/json" },
        body: form,
      });
      return { status: response.status, body: await readJson(response) };
    },
    openStream: ({ path, signal }) =>
      fetch(`${baseUrl}${path}`, {
        headers: { ...common, accept: "text/event-stream" },
        signal,
      }),
  };
}

/** `404 NOT_FOUND: Run not found.` — what an error answer says, for a reason or a message. */
export function describeApiAnswer(answer: ApiAnswer): string {
  const error = answer.body?.error as { code?: string; message?: string } | undefined;
  if (error?.code) return `${answer.status} ${error.code}: ${error.message ?? ""}`.trim();
  return `HTTP ${answer.status}`;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  if (text.trim() === "") return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === "object" && parsed !== null
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { text };
  }
}
