/** The internal key the integration setup configures. */
export const testInternalKey = "integration-internal-key-0123456789";

/** Headers that make a route act as `userId` (internal caller, MCP-3 identity). */
export function actingAs(userId: string): Record<string, string> {
  return { "x-internal-key": testInternalKey, "x-user-id": userId };
}

/** Route handlers' second argument, as Next passes it. */
export function routeContext<Params extends Record<string, string>>(params: Params) {
  return { params: Promise.resolve(params) };
}

/** A multipart upload request of one file. */
export function uploadRequest(input: {
  projectId: string;
  filename: string;
  bytes: Uint8Array;
  headers?: Record<string, string>;
}): Request {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(input.bytes)], input.filename));
  return new Request(`http://test.local/api/projects/${input.projectId}/datasets`, {
    method: "POST",
    body: form,
    headers: input.headers,
  });
}
