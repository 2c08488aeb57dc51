import { ApiRequestError } from "@/hooks/api/api-request-error";

/** One reason a request body was refused, as a line of text. */
export type RequestIssue = { path: string; message: string };

function pathText(path: unknown): string {
  if (Array.isArray(path)) return path.map((part) => String(part)).join(".");
  return typeof path === "string" ? path : "";
}

/**
 * The `details.issues` of a 400 INVALID_REQUEST (zod issues, or `{path, message}` lines), read
 * defensively: whatever is not an issue with a message is left out.
 */
export function requestIssues(error: unknown): RequestIssue[] {
  if (!(error instanceof ApiRequestError)) return [];
  const details = error.details as { issues?: unknown } | null | undefined;
  const issues = details && typeof details === "object" ? details.issues : undefined;
  if (!Array.isArray(issues)) return [];
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    if (!issue || typeof issue !== "object") return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== "string") return [];
    const line = { path: pathText(path), message };
    // The same issue twice says nothing new (and would be a duplicate list key).
    const key = `${line.path}:${line.message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [line];
  });
}
