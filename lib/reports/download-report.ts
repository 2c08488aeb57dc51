import "server-only";
import { NotFoundError } from "@/lib/errors/http-errors";
import { downloadHeaders, sanitiseDownloadName } from "@/lib/http/attachment-headers";
import { loadStoredReport } from "./get-report";

/**
 * A report as a file download: `.md` (text/markdown) or `.html`. The HTML is the engine's own
 * rendering (every value escaped, a `default-src 'none'` CSP meta, no scripts); the response
 * adds the same CSP as a header and is always an attachment.
 */
export async function downloadReport(input: {
  ownerId: string;
  reportId: string;
  format: "md" | "html";
}): Promise<Response> {
  const { artifact, content } = await loadStoredReport(input);
  const body = input.format === "md" ? content.markdown : content.html;
  if (typeof body !== "string") {
    throw new NotFoundError(`The ${input.format === "md" ? "Markdown" : "HTML"} of this report`, {
      report_id: input.reportId,
    });
  }
  const bytes = new TextEncoder().encode(body);
  const base = sanitiseDownloadName({ name: artifact.title, fallback: "report" }).slice(0, 120);
  return new Response(bytes, {
    status: 200,
    headers: downloadHeaders({
      name: `${base}.${input.format}`,
      contentType:
        input.format === "md" ? "text/markdown; charset=utf-8" : "text/html; charset=utf-8",
      bytes: bytes.byteLength,
    }),
  });
}
