import { z } from "zod";

/**
 * `POST /api/projects/{project_id}/datasets` with a JSON body: a live PostgreSQL database as a
 * dataset source (docs/datasets.md), read again at every construct.
 */
export const postgresSourceBodySchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    source: z
      .object({
        kind: z.literal("postgres"),
        url: z.string().min(1).max(2000),
        schema: z
          .string()
          .min(1)
          .max(63)
          .refine((name) => !/\p{Cc}/u.test(name), "Control characters are not allowed.")
          .default("public"),
        tables: z.array(z.string().min(1).max(63)).min(1).max(500).optional(),
      })
      .strict(),
  })
  .strict();

/** A validated live-source request. */
export type PostgresSourceBody = z.infer<typeof postgresSourceBodySchema>;
