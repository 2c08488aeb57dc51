import { z } from "zod";

/** Body of POST /api/runs/{run_id}/approvals (docs/api.md, AP-2). */
export const approvalBodySchema = z
  .object({
    tool_call_id: z.string().trim().min(1).max(200),
    tool_name: z.string().trim().min(1).max(100),
    decision: z.enum(["approve", "reject", "modify"]),
    patched_args: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().trim().max(2_000).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    // Only `modify` carries arguments; a plain approval always runs the recorded ones (AP-3).
    if (body.decision === "modify" && body.patched_args === undefined) {
      context.addIssue({
        code: "custom",
        path: ["patched_args"],
        message: "modify needs patched_args.",
      });
    }
    if (body.decision !== "modify" && body.patched_args !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["patched_args"],
        message: "patched_args are only accepted with decision modify.",
      });
    }
  });

export type ApprovalBody = z.infer<typeof approvalBodySchema>;
