import { z } from "zod";

// Client-safe (zod only): the /api/skills wire shapes (docs/api.md), parsed by the routes and
// by the Skills page's hooks.

/** Where a skill comes from: shipped, the owner's active set, or the review queue. */
export const skillSourceSchema = z.enum(["builtin", "user", "candidate"]);

/** A skill's state: active (offered to runs), candidate (waiting), rejected (kept, never offered). */
export const skillStatusSchema = z.enum(["active", "candidate", "rejected"]);

/** One entry of `GET /api/skills`. */
export const skillListItemSchema = z.object({
  name: z.string(),
  description: z.string(),
  source: skillSourceSchema,
  status: skillStatusSchema,
  version: z.number().int(),
  rejected_reason: z.string().optional(),
  approved_at: z.string().nullable(),
  playbook_id: z.string().nullable(),
  proposed_by_run_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** `GET /api/skills`, and `POST /api/skills/upload` (the skills the upload stored). */
export const skillListSchema = z.object({ skills: z.array(skillListItemSchema) });

/** `GET /api/skills/{name}`: the entry plus its full content and files. */
export const skillDetailSchema = skillListItemSchema.extend({
  content: z.string(),
  when_to_use: z.string().nullable(),
  license: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  checksum: z.string(),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), content: z.string() })),
  versions: z.array(z.number().int()),
});

/** `POST /api/skills`. */
export const createSkillBodySchema = z
  .object({
    name: z.string().min(1).max(200),
    content: z.string().min(1).max(1_000_000),
    target: z.enum(["user", "review_queue"]),
  })
  .strict();

/** `PUT /api/skills/{name}`: a new version of the SKILL.md. */
export const updateSkillBodySchema = z
  .object({ content: z.string().min(1).max(1_000_000) })
  .strict();

/** `POST /api/skills/candidates/{name}/approve`. */
export const approveSkillBodySchema = z
  .object({
    target_name: z.string().min(1).max(200).optional(),
    playbook_id: z.string().min(1).max(200).optional(),
  })
  .strict();

/** The answer of an approval: the name the skill is active under, and when. */
export const approvedSkillSchema = z.object({
  name: z.string(),
  approved_at: z.string(),
  playbook_id: z.string().nullable(),
});

/** `POST /api/skills/candidates/{name}/reject`. */
export const rejectSkillBodySchema = z
  .object({ reason: z.string().max(2000).optional(), delete: z.boolean().optional() })
  .strict();

/** The answer of a rejection: the candidate is kept as rejected (with the reason) or deleted. */
export const rejectedSkillSchema = z.union([
  z.object({
    name: z.string(),
    status: z.literal("rejected"),
    rejected_reason: z.string(),
  }),
  z.object({ name: z.string(), status: z.literal("deleted") }),
]);

/** `?source=` of `/api/skills/{name}`. */
export const skillSourceQuerySchema = z.object({ source: skillSourceSchema.optional() });

export type SkillListItem = z.infer<typeof skillListItemSchema>;
export type SkillList = z.infer<typeof skillListSchema>;
export type ApprovedSkill = z.infer<typeof approvedSkillSchema>;
export type RejectedSkill = z.infer<typeof rejectedSkillSchema>;
export type SkillDetail = z.infer<typeof skillDetailSchema>;
export type SkillSourceName = z.infer<typeof skillSourceSchema>;

/** One entry of the run snapshot's `skills`: offered to the run, and whether the run read it (SK-1). */
export const runSkillSummarySchema = z.object({
  name: z.string(),
  source: z.string(),
  version: z.number(),
  read: z.boolean(),
});

export type RunSkillSummary = z.infer<typeof runSkillSummarySchema>;
