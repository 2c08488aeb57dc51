import { z } from "zod";
import { skillListItemSchema } from "@/lib/contracts/skill";
import { ApiRequestError } from "./api-request-error";
import { errorFromResponse } from "./error-from-response";

const uploadAnswerSchema = z.object({ skills: z.array(skillListItemSchema) });

/**
 * Uploads a skill (.md or .zip) to the review queue or the owner's skills. XMLHttpRequest, not
 * fetch: only XHR reports upload progress in browsers today.
 */
export function uploadSkill({
  file,
  target,
  onProgress,
}: {
  file: File;
  target: "user" | "review_queue";
  /** Fraction of the request body sent, 0..1. */
  onProgress: (fraction: number) => void;
}): Promise<z.infer<typeof uploadAnswerSchema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/skills/upload");
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status < 200 || request.status >= 300) {
        reject(errorFromResponse({ status: request.status, bodyText: request.responseText }));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      const parsed = uploadAnswerSchema.safeParse(body);
      if (!parsed.success) {
        reject(
          new ApiRequestError({
            status: request.status,
            code: "INVALID_RESPONSE",
            message: "The skill was stored, but the answer had an unexpected shape.",
          }),
        );
        return;
      }
      resolve(parsed.data);
    });
    request.addEventListener("error", () =>
      reject(
        new ApiRequestError({
          status: 0,
          code: "NETWORK_ERROR",
          message: "The connection broke during the upload. Check the file and try again.",
        }),
      ),
    );
    const body = new FormData();
    body.append("target", target);
    body.append("file", file, file.name);
    request.send(body);
  });
}
