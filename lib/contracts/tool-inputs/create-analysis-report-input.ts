import { z } from "zod";

/**
 * One raw result of an earlier tool call, as the report groups them: the tool's MCP envelope
 * (`{success, status, data, …}`) or its `data` object. Declared as an object (not "anything") so
 * clients that check schema portability know what to send; its fields are any JSON because every
 * tool's result has its own shape.
 */
const rawToolResultSchema = z
  .record(z.string(), z.json())
  .describe(
    "A raw tool result: the tool's envelope {success, status, data, …} or its data object.",
  );

/** Arguments of create_analysis_report: a title, raw results by tool name, and the format. */
export const createAnalysisReportInputSchema = z
  .object({
    title: z.string().min(1).max(200),
    source_results: z.record(z.string().min(1).max(100), z.array(rawToolResultSchema).max(50)),
    format: z.enum(["markdown", "html", "both"]).default("both"),
  })
  .strict();
