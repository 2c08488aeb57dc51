import { z } from "zod";

/**
 * Arguments of propose_skill (SK-4): the candidate's name, its one-line description and its
 * Markdown body. The runtime offers the tool with this schema and parses calls with it.
 */
export const proposeSkillInputSchema = z
  .object({
    name: z.string().min(1).max(100),
    description: z.string().min(1).max(1024),
    body: z
      .string()
      .min(1)
      .max(64_000)
      .describe("Markdown guidance: when it applies, the tool calls in order, checks."),
  })
  .strict();

export type ProposeSkillInput = z.infer<typeof proposeSkillInputSchema>;
