import { describe, expect, it } from "vitest";
import { executeWorkspaceTool, workspaceToolDescriptors } from "./workspace-tools";

describe("workspaceToolDescriptors", () => {
  it("describes the five workspace tools with JSON Schema arguments and resources", () => {
    const descriptors = workspaceToolDescriptors();
    expect(descriptors.map((tool) => tool.name)).toEqual([
      "workspace_list_files",
      "workspace_view_file",
      "workspace_run_command",
      "workspace_set_environment",
      "workspace_publish_file",
    ]);
    for (const tool of descriptors) {
      expect(tool.source).toBe("workspace");
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.catalogue?.requires_approval).toBe(false);
    }
    const byName = Object.fromEntries(descriptors.map((tool) => [tool.name, tool]));
    expect(byName.workspace_run_command?.catalogue?.resources.writes).toEqual(["WS:Ephemeral"]);
    expect(byName.workspace_publish_file?.catalogue?.resources).toEqual({
      reads: ["WS:Ephemeral"],
      writes: ["WS:Derived"],
    });
    expect(byName.workspace_set_environment?.catalogue?.resources).toEqual({
      reads: [],
      writes: ["WS:Environment"],
    });
    expect(byName.workspace_run_command?.inputSchema).toMatchObject({
      required: ["command"],
      properties: { args: { type: "array" }, stdout_to: { type: "string" } },
    });
  });
});

describe("executeWorkspaceTool argument checks", () => {
  it("answers unknown tools and invalid arguments with INVALID_REQUEST, without throwing", async () => {
    const context = { ownerId: "o", sessionId: "s" };
    expect(await executeWorkspaceTool({ ...context, toolName: "rm", args: {} })).toMatchObject({
      success: false,
      error_code: "INVALID_REQUEST",
    });
    const invalid = await executeWorkspaceTool({
      ...context,
      toolName: "workspace_view_file",
      args: { path: 3, extra: true },
    });
    expect(invalid).toMatchObject({
      success: false,
      status: "failed",
      error_code: "INVALID_REQUEST",
    });
  });
});
