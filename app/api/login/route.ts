import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withPublicRoute } from "@/lib/http/with-route";
import { logInWithAccessToken, loginBodySchema } from "@/lib/security/log-in-with-access-token";

export const POST = withPublicRoute(async ({ request }) => {
  const body = await parseJsonBody(request, loginBodySchema);
  // Behind a TLS-terminating proxy the app sees http; the browser's scheme decides Secure.
  const secure =
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto") === "https";
  const { setCookie } = logInWithAccessToken({ token: body.token, secure });
  return new Response(null, {
    status: 204,
    headers: { "set-cookie": setCookie, "cache-control": "no-store" },
  });
});
