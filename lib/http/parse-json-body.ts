import type { z } from "zod";
import { InvalidRequestError } from "@/lib/errors/http-errors";

/** Reads a JSON body and validates it; a malformed body is INVALID_REQUEST, not a 500. */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new InvalidRequestError("The request body is not valid JSON.");
  }
  return schema.parse(body);
}
