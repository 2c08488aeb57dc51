import { z } from "zod";

// Catalogue names are what users type in `options.model`, so they are compared
// case-insensitively and without stray spaces. `.`, `:`, `/` and `_` stay allowed because real
// model ids use them ("qwen2.5:14b", "Qwen/Qwen2.5-7B-Instruct", "gpt-4o_mini").
const allowedName = /^[a-z0-9][a-z0-9._:/-]*$/;

/** Lowercases, trims and joins inner whitespace with hyphens ("My  GPT" → "my-gpt"). */
export function normaliseModelName(input: { name: string }): string {
  return input.name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Zod schema of a catalogue name: normalised, then checked (letters, digits, `._:/-`). */
export const modelNameSchema = z
  .string()
  .transform((name) => normaliseModelName({ name }))
  .pipe(
    z
      .string()
      .min(1, "A model needs a name.")
      .max(64, "Model names are at most 64 characters.")
      .regex(
        allowedName,
        "Model names use letters, digits and . _ : / - and start with a letter or digit.",
      ),
  );
