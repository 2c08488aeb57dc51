import type { JSONValue } from "@ai-sdk/provider";
import { emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import type { BaseContext, JsonObject, PlanOutcome } from "./plan-types";

// Argument names that carry ids of this workspace: a playbook keeps their shape, not their value.
const placeholders: Record<string, string> = {
  dataset_id: "<dataset_id>",
  nodes_dataset_id: "<dataset_id>",
  node_id: "<node_id>",
  source: "<node_id>",
  target: "<node_id>",
  seed: "<node_id>",
  query: "<node name>",
  model_id: "<model_id>",
  job_id: "<job_id>",
  revision: "<revision>",
  base_revision: "<revision>",
  path: "<path>",
};

/** Arguments with workspace ids replaced by placeholders, recursively. */
export function withPlaceholders(args: Record<string, unknown>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (key === "node_ids" && Array.isArray(value)) out[key] = ["<node_id>"];
    else if (key in placeholders && (typeof value === "string" || typeof value === "number")) {
      out[key] = placeholders[key];
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      out[key] = withPlaceholders(value as Record<string, unknown>);
    } else out[key] = value as JSONValue;
  }
  return out;
}

/**
 * "Save this analysis as a skill / playbook" (SK-4): one propose_skill call whose body lists the
 * tool calls the session's previous analysis really made, with their real arguments and ids
 * replaced by placeholders. The candidate waits in the review queue; the answer says so.
 */
export function planSaveSkill(input: { context: BaseContext }): PlanOutcome {
  const { reading, phrases } = input.context;
  const proposed = reading.steps.find((step) => step.toolName === "propose_skill");
  if (proposed) {
    if (proposed.outcome.kind !== "success") {
      return { kind: "done", part: failurePart({ step: proposed, steps: reading.steps, phrases }) };
    }
    const data = proposed.outcome.envelope.data as { name?: unknown } | undefined;
    const part = emptyPart({ succeeded: true });
    part.summary.push(phrases.skillProposed(typeof data?.name === "string" ? data.name : ""));
    part.sources.push("propose_skill");
    return { kind: "done", part };
  }
  const calls = reading.state?.previous_run_tools ?? [];
  if (calls.length === 0) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(phrases.skillNothingToSave);
    return { kind: "done", part };
  }
  const toolNames = [...new Set(calls.map((call) => call.tool_name))];
  const analysisNames = toolNames.filter(
    (name) =>
      !["load_constructed_graph", "get_graph_info", "construct_graph", "search_node"].includes(
        name,
      ),
  );
  const nameParts = (analysisNames.length > 0 ? analysisNames : toolNames).slice(0, 3);
  const steps = calls.map(
    (call, index) =>
      `${index + 1}. \`${call.tool_name} ${JSON.stringify(withPlaceholders(call.args))}\``,
  );
  const body = [
    `# ${phrases.titleSaveSkill}`,
    "",
    phrases.skillBodyIntro,
    "",
    `## ${phrases.skillStepsHeading}`,
    "",
    ...steps,
    "",
    `## ${phrases.skillChecksHeading}`,
    "",
    ...phrases.skillChecks.map((check) => `- ${check}`),
    "",
  ].join("\n");
  return {
    kind: "pending",
    calls: [
      {
        toolName: "propose_skill",
        input: {
          name: `playbook-${nameParts.join("-").replaceAll("_", "-")}`.slice(0, 60),
          description: phrases.skillDescription(toolNames),
          body,
        },
      },
    ],
  };
}
