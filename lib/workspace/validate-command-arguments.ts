import { WorkspaceError } from "@/lib/errors/workspace-error";
import { allowedCommandNames, type CommandSpec, commandAllowList } from "./command-allow-list";
import { maxCommandArgumentBytes, maxCommandArguments } from "./workspace-limits";

/** The checked command line: the allowed spec and the arguments with path operands resolved. */
export type ValidatedCommand = { command: string; spec: CommandSpec; args: string[] };

/**
 * Checks a command line the way GNU getopt will read it (option clusters, `--opt=value` and
 * `--opt value`, options after operands, `--` ending options) and replaces every path operand
 * with what `resolvePath` returns (which refuses paths outside the areas). Unknown options,
 * known-dangerous ones and missing option values are refused with ARGUMENT_NOT_ALLOWED.
 */
export async function validateCommandArguments(input: {
  command: string;
  args: string[];
  resolvePath: (raw: string) => Promise<string>;
}): Promise<ValidatedCommand> {
  const spec = Object.hasOwn(commandAllowList, input.command)
    ? commandAllowList[input.command]
    : undefined;
  if (!spec) {
    throw new WorkspaceError(
      "COMMAND_NOT_ALLOWED",
      `"${String(input.command).slice(0, 64)}" is not an allowed command. Allowed: ${allowedCommandNames.join(", ")}.`,
      { allowed: allowedCommandNames },
    );
  }
  assertArgumentBounds(input.args);
  if (spec.operands === "text") return { command: input.command, spec, args: [...input.args] };
  const { operandIndexes, hasPatternOption } = scanOptions(input.command, spec, input.args);
  const pathIndexes =
    spec.operands === "pattern-then-paths" && !hasPatternOption
      ? operandIndexes.slice(1)
      : operandIndexes;
  if (spec.maxPathOperands !== undefined && pathIndexes.length > spec.maxPathOperands) {
    throw notAllowed(
      input.command,
      `${input.command} accepts at most ${spec.maxPathOperands} file operand(s); a further operand would be written.`,
    );
  }
  const args = [...input.args];
  for (const index of pathIndexes) {
    const raw = args[index] ?? "";
    // "-" is standard input, which is empty for workspace commands: nothing to resolve.
    if (raw !== "-") args[index] = await input.resolvePath(raw);
  }
  return { command: input.command, spec, args };
}

function scanOptions(command: string, spec: CommandSpec, args: string[]) {
  const operandIndexes: number[] = [];
  let hasPatternOption = false;
  let optionsEnded = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (optionsEnded || arg === "-" || !arg.startsWith("-")) {
      operandIndexes.push(index);
      continue;
    }
    if (arg === "--") {
      optionsEnded = true;
      continue;
    }
    const consumesNext = arg.startsWith("--")
      ? checkLongOption(command, spec, arg)
      : checkShortCluster(command, spec, arg);
    if (spec.operands === "pattern-then-paths" && usesPatternOption(spec, arg)) {
      hasPatternOption = true;
    }
    if (consumesNext) {
      if (index + 1 >= args.length) throw notAllowed(command, `${arg} needs a value.`);
      index++;
    }
  }
  return { operandIndexes, hasPatternOption };
}

/** True when a grep argument passes a pattern with -e/--regexp (then no operand is a pattern). */
function usesPatternOption(spec: CommandSpec, arg: string): boolean {
  if (arg.startsWith("--")) return arg === "--regexp" || arg.startsWith("--regexp=");
  for (const letter of arg.slice(1)) {
    if (letter === "e") return true;
    if (spec.shortValued.includes(letter)) return false;
  }
  return false;
}

/** Checks `--name` / `--name=value`; returns true when the value is the next argument. */
function checkLongOption(command: string, spec: CommandSpec, arg: string): boolean {
  const equals = arg.indexOf("=");
  const name = equals === -1 ? arg : arg.slice(0, equals);
  if (spec.longValued.includes(name)) return equals === -1;
  if (spec.longOptional.includes(name)) return false;
  if (spec.longFlags.includes(name)) {
    if (equals !== -1) throw notAllowed(command, `${name} does not take a value.`);
    return false;
  }
  throw refusedOption(command, spec, name);
}

/** Checks a cluster such as `-nr` or `-k2,2`; returns true when the value is the next argument. */
function checkShortCluster(command: string, spec: CommandSpec, arg: string): boolean {
  if (spec.numericOption && /^-[0-9]+$/.test(arg)) return false;
  for (let position = 1; position < arg.length; position++) {
    const letter = arg[position] ?? "";
    if (spec.shortFlags.includes(letter)) continue;
    if (spec.shortValued.includes(letter)) return position === arg.length - 1;
    throw refusedOption(command, spec, `-${letter}`);
  }
  return false;
}

function assertArgumentBounds(args: string[]) {
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
    throw new WorkspaceError("ARGUMENT_NOT_ALLOWED", "Arguments must be a list of strings.");
  }
  if (args.length > maxCommandArguments) {
    throw new WorkspaceError(
      "ARGUMENT_NOT_ALLOWED",
      `At most ${maxCommandArguments} arguments are allowed.`,
    );
  }
  for (const arg of args) {
    if (arg.includes("\0")) {
      throw new WorkspaceError("ARGUMENT_NOT_ALLOWED", "Arguments must not contain NUL bytes.");
    }
    if (Buffer.byteLength(arg) > maxCommandArgumentBytes) {
      throw new WorkspaceError(
        "ARGUMENT_NOT_ALLOWED",
        `Arguments are at most ${maxCommandArgumentBytes} bytes.`,
      );
    }
  }
}

function refusedOption(command: string, spec: CommandSpec, option: string) {
  const reason = spec.refusals[option];
  return notAllowed(
    command,
    reason
      ? `${command} ${option} is not allowed: ${reason}.`
      : `${command} ${option} is not an allowed option (write long options in full).`,
    option,
  );
}

function notAllowed(command: string, message: string, option?: string) {
  return new WorkspaceError("ARGUMENT_NOT_ALLOWED", message, {
    command,
    ...(option ? { option } : {}),
  });
}
