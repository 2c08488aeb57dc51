import { appendixHeading, findingsHeading } from "./render-markdown";
import type { ReportBlock, ReportSection } from "./report-block";

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml({ text }: { text: string }): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// Inline and small: the document must render offline, stored as an artefact, with no requests.
const styles = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff;margin:0}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.25rem;margin:32px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
h3{font-size:1.05rem;margin:20px 0 8px}h4,h5{font-size:.95rem;margin:16px 0 6px;color:#57606a}
.meta{color:#57606a;margin:0 0 16px}.note{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px 12px}
table{border-collapse:collapse;margin:8px 0;font-size:.9rem}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.number{text-align:right;font-variant-numeric:tabular-nums}
pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:.85rem}.error{color:#b42318;font-weight:600}
.path{font-family:ui-monospace,monospace}.small{color:#57606a;font-size:.85rem}
`;

/** The report as one self-contained HTML page (inline CSS, no scripts, no external resources). */
export function renderHtml({
  title,
  generatedAt,
  note,
  findings,
  appendix,
}: {
  title: string;
  generatedAt: string;
  note: string;
  findings: ReportSection[];
  appendix: ReportSection[];
}): string {
  const e = (text: string) => escapeHtml({ text });
  const body: string[] = [
    `<h1>${e(title)}</h1>`,
    `<p class="meta">Generated ${e(generatedAt)}</p>`,
    `<p class="note"><strong>Note.</strong> ${e(note)}</p>`,
  ];
  if (findings.length === 0 && appendix.length === 0) {
    body.push("<p>No tool results were given.</p>");
  }
  for (const [heading, sections] of [
    [findingsHeading, findings],
    [appendixHeading, appendix],
  ] as const) {
    if (sections.length === 0) continue;
    body.push(`<h2>${e(heading)}</h2>`);
    for (const section of sections) {
      body.push(`<section><h3><code>${e(section.toolName)}</code></h3>`);
      section.results.forEach((blocks, index) => {
        if (section.results.length > 1) {
          body.push(`<h4>Result ${index + 1} of ${section.results.length}</h4>`);
        }
        for (const block of blocks) body.push(blockHtml(block));
      });
      if (section.omittedResults > 0) {
        body.push(`<p class="small">${section.omittedResults} more result(s) are not shown.</p>`);
      }
      body.push("</section>");
    }
  }
  // The CSP forbids scripts and any fetch even if some markup slipped through escaping.
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title><style>${styles}</style></head>`,
    `<body><main>${body.join("\n")}</main></body></html>`,
    "",
  ].join("\n");
}

function blockHtml(block: ReportBlock): string {
  const e = (text: string) => escapeHtml({ text });
  const note = "note" in block && block.note ? `<p class="small">${e(block.note)}</p>` : "";
  switch (block.kind) {
    case "heading":
      return `<h5>${e(block.text)}</h5>`;
    case "paragraph":
      return block.tone === "error"
        ? `<p class="error">${e(block.text)}</p>`
        : `<p>${e(block.text)}</p>`;
    case "code":
      return `<pre><code>${e(block.text)}</code></pre>`;
    case "facts":
      return table(["field", "value"], block.rows) + note;
    case "table":
      return table(block.columns, block.rows) + note;
    case "path":
      return `<p><strong>${e(block.label)}:</strong> <span class="path">${block.nodes.map(e).join(" → ")}</span></p>${note}`;
    case "list":
      return `<p><strong>${e(block.label || "items")}:</strong></p><ul>${block.items.map((item) => `<li>${e(item)}</li>`).join("")}</ul>${note}`;
  }
}

function table(columns: string[], rows: string[][]): string {
  const e = (text: string) => escapeHtml({ text });
  const head = `<tr>${columns.map((column) => `<th>${e(column)}</th>`).join("")}</tr>`;
  const body = rows
    .map((row) => {
      const cells = row.map((cell) => {
        const numeric = /^-?[\d.]+(e[+-]?\d+)?$/i.test(cell);
        return numeric ? `<td class="number">${e(cell)}</td>` : `<td>${e(cell)}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("");
  return `<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
