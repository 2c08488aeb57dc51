import { z } from "zod";

/**
 * What an extractor proposes to remember. `quote` is the user's own words it came from: a
 * candidate whose quote is not in the user's message is not verifiable and is dropped (MEM-3).
 */
export const memoryCandidateSchema = z.object({
  store: z.enum(["profile", "memories"]),
  /** The stable preference or fact, in one sentence. */
  text: z.string().min(3).max(500),
  /** What it is about; a newer record on the same subject supersedes the older one. */
  subject: z.string().min(1).max(120).nullable(),
  quote: z.string().min(1).max(500),
});

/** A memory candidate (see `memoryCandidateSchema`). */
export type MemoryCandidate = z.infer<typeof memoryCandidateSchema> & {
  origin: "local_rules" | "llm";
};

/** The structured output an LLM extractor must return (validated before any filter). */
export const llmExtractionSchema = z.object({
  memories: z.array(memoryCandidateSchema).max(10),
});
