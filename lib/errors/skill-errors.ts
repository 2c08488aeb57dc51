import { ApiError } from "./api-error";

type Details = Record<string, unknown> | undefined;

/** SKILL_CONFLICT: the target name is taken (a built-in or an active skill); nothing is overwritten (SK-4). */
export class SkillConflictError extends ApiError {
  constructor(name: string, details?: Details) {
    super({
      code: "SKILL_CONFLICT",
      message: `A skill named "${name}" already exists; choose another name.`,
      details: { name, ...details },
    });
  }
}

/** BUILTIN_SKILL_READONLY: built-in skills ship with the app and cannot be edited or deleted. */
export class BuiltinSkillReadonlyError extends ApiError {
  constructor(name: string) {
    super({
      code: "BUILTIN_SKILL_READONLY",
      message: `"${name}" is a built-in skill; it cannot be changed or deleted.`,
      details: { name },
    });
  }
}

/**
 * INVALID_REQUEST for a SKILL.md that does not validate, naming the field (`name`,
 * `description`, an unknown field, …) so the author knows what to fix.
 */
export class InvalidSkillError extends ApiError {
  readonly field: string;

  constructor(input: { field: string; message: string; skill?: string }) {
    super({
      code: "INVALID_REQUEST",
      message: input.message,
      details: { field: input.field, ...(input.skill ? { skill: input.skill } : {}) },
    });
    this.field = input.field;
  }
}
