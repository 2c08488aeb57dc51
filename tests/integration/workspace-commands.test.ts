import { randomUUID } from "node:crypto";
import { access, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { resetEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { publishDerived } from "@/lib/workspace/publish-derived";
import { runRestrictedCommand } from "@/lib/workspace/run-restricted-command";
import { setSessionEnvironment } from "@/lib/workspace/session-environment";
import { workspaceLayout } from "@/lib/workspace/workspace-layout";
import { executeWorkspaceTool } from "@/lib/workspace/workspace-tools";
import { writeEphemeralFile } from "@/lib/workspace/write-ephemeral-file";

const orders = "order_id,customer,amount\n1,alice,10\n2,bob,20\n3,alice,5\n4,carol,7\n";

async function failureOf(action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    if (WorkspaceError.isInstance(error) || ApiError.isInstance(error)) {
      return { code: error.code, details: error.details };
    }
    throw error;
  }
  throw new Error("expected a failure");
}

/** Processes whose command line mentions `marker` (to prove a killed group left nothing). */
async function processesMentioning(marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes(marker)) found.push(`${pid}: ${cmdline.replaceAll("\0", " ")}`);
  }
  return found;
}

describe("restricted commands in the session workspace", () => {
  const previousDataDir = process.env.DATA_DIR;
  let dataDirectory: string;
  let owner: { ownerId: string; sessionId: string };
  let uploaded: string;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "ws-commands-"));
    process.env.DATA_DIR = dataDirectory;
    resetEnvForTests();
    const ownerId = (
      await insertUser({ email: `wc-${randomUUID()}@test.local`, displayName: "wc" })
    ).id;
    const projectId = (await createProject({ ownerId, name: "Commands" })).project_id;
    const sessionId = (await createSession({ ownerId, projectId, title: "commands" })).session_id;
    const upload = await uploadDataset({
      ownerId,
      projectId,
      file: { filename: "orders.csv", bytes: new TextEncoder().encode(orders) },
    });
    owner = { ownerId, sessionId };
    uploaded = `Uploaded/${upload.dataset_id}/orders.csv`;
  });

  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    resetEnvForTests();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it("runs an allowed command on an Uploaded file from the Ephemeral folder", async () => {
    const result = await runRestrictedCommand({ ...owner, command: "wc", args: ["-l", uploaded] });
    expect(result.exit_code).toBe(0);
    expect(result.stdout).toMatch(/^5 \.\.\/Uploaded\/.+\/orders\.csv\n$/);
    const grep = await runRestrictedCommand({
      ...owner,
      command: "grep",
      args: ["-c", "alice", uploaded],
    });
    expect(grep.stdout).toBe("2\n");
    const none = await runRestrictedCommand({ ...owner, command: "grep", args: ["zed", uploaded] });
    expect(none).toMatchObject({ exit_code: 1, stdout: "" });
  });

  it("refuses commands off the allow-list, with a stable code through the tool too", async () => {
    for (const command of ["python3", "sh", "awk", "sed", "rm", "sleep"]) {
      expect(
        (await failureOf(() => runRestrictedCommand({ ...owner, command, args: [] }))).code,
      ).toBe("COMMAND_NOT_ALLOWED");
    }
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_run_command",
      args: { command: "python3", args: ["-c", "print(1)"] },
    });
    expect(envelope).toMatchObject({ success: false, error_code: "COMMAND_NOT_ALLOWED" });
  });

  it("refuses forbidden options and writes nothing", async () => {
    const sorted = await failureOf(() =>
      runRestrictedCommand({ ...owner, command: "sort", args: ["-o", "sorted.csv", uploaded] }),
    );
    expect(sorted.code).toBe("ARGUMENT_NOT_ALLOWED");
    await expect(
      access(path.join(workspaceLayout(owner).areas.Ephemeral, "sorted.csv")),
    ).rejects.toThrow();
    for (const args of [
      ["--compress-program=sh", uploaded],
      ["-T", "/tmp", uploaded],
    ]) {
      expect(
        (await failureOf(() => runRestrictedCommand({ ...owner, command: "sort", args }))).code,
      ).toBe("ARGUMENT_NOT_ALLOWED");
    }
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_run_command",
      args: { command: "grep", args: ["-R", "root", "."] },
    });
    expect(envelope).toMatchObject({ success: false, error_code: "ARGUMENT_NOT_ALLOWED" });
  });

  it("refuses operands that leave the workspace", async () => {
    for (const operand of ["../../../../etc/passwd", "/etc/passwd", "Uploaded/../../x"]) {
      expect(
        (await failureOf(() => runRestrictedCommand({ ...owner, command: "cat", args: [operand] })))
          .code,
      ).toBe("PATH_NOT_ALLOWED");
    }
  });

  it("refuses reading and writing through a link to /etc planted in Ephemeral", async () => {
    const ephemeral = workspaceLayout(owner).areas.Ephemeral;
    await symlink("/etc", path.join(ephemeral, "etc"));
    for (const args of [["etc/passwd"], ["etc"], ["-r", "root", "etc"]]) {
      const command = args[0] === "-r" ? "grep" : "cat";
      expect((await failureOf(() => runRestrictedCommand({ ...owner, command, args }))).code).toBe(
        "PATH_NOT_ALLOWED",
      );
    }
    expect(
      (
        await failureOf(() =>
          runRestrictedCommand({ ...owner, command: "echo", args: ["x"], stdoutTo: "etc/ws-evil" }),
        )
      ).code,
    ).toBe("PATH_NOT_ALLOWED");
    await expect(access("/etc/ws-evil")).rejects.toThrow();
    // A recursive grep from the working folder does not follow the planted link either.
    const recursive = await runRestrictedCommand({
      ...owner,
      command: "grep",
      args: ["-r", "-l", "root:"],
    });
    expect(recursive.stdout).not.toContain("passwd");
    await rm(path.join(ephemeral, "etc"));
  });

  it("kills the process group at the wall-clock limit (tail -f)", async () => {
    const marker = `follow-${randomUUID()}.log`;
    await writeEphemeralFile({ ...owner, path: marker, bytes: new TextEncoder().encode("line\n") });
    const started = Date.now();
    const failure = await failureOf(() =>
      runRestrictedCommand({ ...owner, command: "tail", args: ["-f", marker], timeoutMs: 500 }),
    );
    expect(failure.code).toBe("COMMAND_TIMEOUT");
    expect(failure.details).toMatchObject({ timeout_ms: 500, stdout: "line\n" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await processesMentioning(marker)).toEqual([]);
  });

  it("stops a command when the abort signal fires", async () => {
    const marker = `abort-${randomUUID()}.log`;
    await writeEphemeralFile({ ...owner, path: marker, bytes: new TextEncoder().encode("x\n") });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_run_command",
      args: { command: "tail", args: ["-f", marker], timeout_ms: 20_000 },
      signal: controller.signal,
    });
    expect(envelope).toMatchObject({
      success: false,
      status: "cancelled",
      error_code: "COMMAND_CANCELLED",
    });
    expect(await processesMentioning(marker)).toEqual([]);
  });

  it("truncates captured output at the limit and says so", async () => {
    const big = `${"0123456789".repeat(10)}\n`.repeat(2000);
    await writeEphemeralFile({ ...owner, path: "big.txt", bytes: new TextEncoder().encode(big) });
    const result = await runRestrictedCommand({
      ...owner,
      command: "cat",
      args: ["big.txt"],
      maxOutputBytes: 1000,
    });
    expect(result.stdout_truncated).toBe(true);
    expect(result.stdout).toBe(big.slice(0, 1000));
    const envelope = await executeWorkspaceTool({
      ...owner,
      toolName: "workspace_run_command",
      args: { command: "cat", args: ["big.txt"], max_output_bytes: 100 },
    });
    expect(envelope).toMatchObject({ success: true, data: { stdout_truncated: true } });
    expect(envelope.message).toMatch(/truncated/);
  });

  it("writes stdout to an Ephemeral file and publishes it; Derived is never writable", async () => {
    const result = await runRestrictedCommand({
      ...owner,
      command: "sort",
      args: ["-t,", "-k3,3nr", uploaded],
      stdoutTo: "Ephemeral/sorted/orders.csv",
    });
    expect(result.stdout).toBe("");
    expect(result.stdout_to).toMatchObject({ reference: "Ephemeral/sorted/orders.csv" });
    const layout = workspaceLayout(owner);
    const written = await readFile(path.join(layout.areas.Ephemeral, "sorted/orders.csv"), "utf8");
    expect(written.split("\n")[0]).toBe("2,bob,20");
    const rows = await listWorkspaceFileRows({ ...owner, area: "Ephemeral" });
    expect(rows.find((row) => row.path === "sorted/orders.csv")?.checksum).toBe(
      result.stdout_to?.checksum,
    );
    const published = await publishDerived({
      ...owner,
      from: "sorted/orders.csv",
      to: "sorted.csv",
    });
    expect(published).toMatchObject({ version: 1, published_from_id: result.stdout_to?.file_id });

    for (const stdoutTo of [
      "Derived/sorted.csv@v1",
      "Derived/new.csv",
      "Uploaded/x",
      "Environment/env.json",
    ]) {
      const failure = await failureOf(() =>
        runRestrictedCommand({ ...owner, command: "echo", args: ["overwrite"], stdoutTo }),
      );
      expect(failure.code).toBe("PATH_NOT_ALLOWED");
    }
    expect(
      (
        await failureOf(() =>
          runRestrictedCommand({
            ...owner,
            command: "uniq",
            args: ["sorted/orders.csv", "Derived/sorted.csv@v1"],
          }),
        )
      ).code,
    ).toBe("ARGUMENT_NOT_ALLOWED");
    expect(
      (
        await failureOf(() =>
          runRestrictedCommand({
            ...owner,
            command: "sort",
            args: ["-o", "Derived/sorted.csv@v1", "sorted/orders.csv"],
          }),
        )
      ).code,
    ).toBe("ARGUMENT_NOT_ALLOWED");
    expect(await readFile(path.join(layout.areas.Derived, "sorted.csv@v1"), "utf8")).toBe(written);
    const derived = await runRestrictedCommand({
      ...owner,
      command: "head",
      args: ["-n1", "Derived/sorted.csv"],
    });
    expect(derived.stdout).toBe("2,bob,20\n");
  });

  it("shows the session environment to commands through Environment/env.json", async () => {
    await setSessionEnvironment({ ...owner, variables: { MIN_AMOUNT: "7" } });
    const result = await runRestrictedCommand({
      ...owner,
      command: "cat",
      args: ["Environment/env.json"],
    });
    expect(JSON.parse(result.stdout)).toEqual({ variables: { MIN_AMOUNT: "7" } });
  });
});
