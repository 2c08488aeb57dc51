import { randomUUID } from "node:crypto";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { discoverMcpTools } from "@/lib/agent/tools/discover-mcp-tools";
import { proposeSkillToolDescriptor } from "@/lib/agent/tools/propose-skill-tool";
import { readSkillToolDescriptors } from "@/lib/agent/tools/read-skill-tool";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { engineToolInputSchemas } from "@/lib/contracts/tool-inputs/engine-tool-input-schemas";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { extractSkillToolCalls } from "@/lib/skills/extract-skill-tool-calls";
import { getSkill } from "@/lib/skills/get-skill";
import { listBuiltinSkills } from "@/lib/skills/list-builtin-skills";
import { workspaceToolDescriptors } from "@/lib/workspace/workspace-tools";

// Fields a skill names that are not tool names (session-state keys, option names).
const notTools = new Set([
  "data_state",
  "available_constructed_datasets",
  "construction_sources",
  "source_results",
  "nodes_dataset_id",
  "top_k",
  "color_by",
  "size_by",
  "node_ids",
]);

let tools: Map<string, ToolDescriptor>;
let ownerId: string;

beforeAll(async () => {
  ownerId = (await insertUser({ email: `bs-${randomUUID()}@test.local`, displayName: "bs" })).id;
  const projectId = (await createProject({ ownerId, name: "Skills" })).project_id;
  const session = await createSession({ ownerId, projectId });
  const discovered = await discoverMcpTools({
    identity: {
      userId: ownerId,
      sessionId: session.session_id,
      runId: randomUUID(),
      agentId: "test",
    },
  });
  tools = new Map(
    [
      ...discovered,
      ...workspaceToolDescriptors(),
      ...readSkillToolDescriptors([]),
      proposeSkillToolDescriptor(),
    ].map((tool) => [tool.name, tool]),
  );
});

describe("built-in skills are real guidance (SK-2)", () => {
  it("ships at least the five skills of SK-2, each valid", async () => {
    const names = (await listBuiltinSkills()).map((skill) => skill.frontMatter.name);
    for (const name of [
      "state-check",
      "paths-and-connectivity",
      "graph-visualisation",
      "statistical-report",
      "graph-construction",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("names only tools that exist in discovery, with arguments their schemas accept", async () => {
    const validator = new AjvJsonSchemaValidator();
    const problems: string[] = [];
    let checkedCalls = 0;
    for (const skill of await listBuiltinSkills()) {
      const { content } = await getSkill({
        ownerId,
        name: skill.frontMatter.name,
        source: "builtin",
      });
      const calls = extractSkillToolCalls({ markdown: content }).filter(
        (call) => !notTools.has(call.toolName),
      );
      expect(calls.length, `${skill.frontMatter.name} shows no tool call`).toBeGreaterThan(0);
      for (const call of calls) {
        const tool = tools.get(call.toolName);
        if (!tool) {
          problems.push(`${skill.frontMatter.name}: ${call.toolName} is not a discovered tool`);
          continue;
        }
        if (call.args === null) continue;
        checkedCalls++;
        // Engine tools: the zod schema the server itself parses with (discovery's JSON Schema
        // lists defaulted fields as required, which the server fills in).
        const engineSchema =
          engineToolInputSchemas[call.toolName as keyof typeof engineToolInputSchemas];
        const error = engineSchema
          ? engineSchema.safeParse(call.args).error?.message
          : validator.getValidator(tool.inputSchema as never)(call.args).errorMessage;
        if (error) problems.push(`${skill.frontMatter.name}: ${call.text}: ${error}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checkedCalls).toBeGreaterThanOrEqual(10);
  });
});
