import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as filesRoute from "@/app/api/files/[file_id]/route";
import * as reportDownloadRoute from "@/app/api/reports/[report_id]/download/route";
import * as reportRoute from "@/app/api/reports/[report_id]/route";
import * as sessionFilesRoute from "@/app/api/sessions/[session_id]/files/route";
import { saveSessionArtifact } from "@/lib/artifacts/save-session-artifact";
import { analysisReportSchema } from "@/lib/contracts/analysis-report";
import { sessionFilesSchema } from "@/lib/contracts/workspace-files";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { recordLoadedDataset } from "@/lib/db/queries/sessions";
import { insertUser } from "@/lib/db/queries/users";
import { renderAnalysisReport } from "@/lib/engine/documents/render-analysis-report";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { publishDerived } from "@/lib/workspace/publish-derived";
import { setSessionEnvironment } from "@/lib/workspace/session-environment";
import { writeEphemeralFile } from "@/lib/workspace/write-ephemeral-file";
import { actingAs, routeContext } from "../support/route-request";
import { insertFinishedRunWithCalls } from "../support/tool-call-rows";

const get = (url: string, userId: string) =>
  new Request(`http://test.local${url}`, { headers: actingAs(userId) });

async function errorCode(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("reports and workspace files: view, download, ownership", () => {
  const previousDataDir = process.env.DATA_DIR;
  let dataDirectory: string;
  let ownerId: string;
  let strangerId: string;
  let projectId: string;
  let sessionId: string;
  let reportId: string;
  let datasetId: string;
  let derivedId: string;
  let publishRunId: string;
  let centralityCallId: string;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), "results-downloads-"));
    process.env.DATA_DIR = dataDirectory;
    resetEnvForTests();
    const newUser = (label: string) =>
      insertUser({ email: `${label}-${randomUUID()}@test.local`, displayName: label });
    ownerId = (await newUser("owner")).id;
    strangerId = (await newUser("stranger")).id;
    projectId = (await createProject({ ownerId, name: "Results" })).project_id;
    sessionId = (await createSession({ ownerId, projectId, title: "report" })).session_id;

    const centrality = {
      algorithm: "pagerank",
      top: [
        { node_id: "n33", score: 0.100918 },
        { node_id: "n0", score: 0.09699 },
      ],
    };
    const sourceRun = await insertFinishedRunWithCalls({
      ownerId,
      projectId,
      sessionId,
      calls: [
        { toolName: "node_centrality", data: centrality, startedAt: new Date(Date.now() - 5000) },
        { toolName: "degree_analysis", data: { max_degree: 17 }, startedAt: new Date() },
      ],
    });
    centralityCallId = sourceRun.toolCallIds[0] as string;
    const title = 'Karate "club" ../../etc/passwd <script>alert(1)</script>';
    const report = renderAnalysisReport({
      title,
      sourceResults: { node_centrality: [centrality] },
      format: "both",
      generatedAt: new Date(),
    });
    const artifact = await saveSessionArtifact({
      ownerId,
      projectId,
      sessionId,
      kind: "analysis_report",
      title,
      content: { format: "markdown", ...report, tools: ["node_centrality"] },
    });
    reportId = artifact.id;
    await insertFinishedRunWithCalls({
      ownerId,
      projectId,
      sessionId,
      calls: [{ toolName: "create_analysis_report", data: { artifact_id: reportId } }],
    });

    datasetId = (
      await uploadDataset({
        ownerId,
        projectId,
        file: {
          filename: '../"evil" name.csv',
          bytes: new TextEncoder().encode("source,target\nn0,n1\n"),
        },
      })
    ).dataset_id;
    // The conversation works on that upload; another upload of the project is not its file.
    await recordLoadedDataset({ sessionId, datasetId, revision: null });
    await uploadDataset({
      ownerId,
      projectId,
      file: { filename: "unused.csv", bytes: new TextEncoder().encode("source,target\nn5,n6\n") },
    });
    await writeEphemeralFile({
      ownerId,
      sessionId,
      path: "ranks.csv",
      bytes: new TextEncoder().encode("node,score\nn33,0.1\n"),
    });
    const published = await publishDerived({
      ownerId,
      sessionId,
      from: "Ephemeral/ranks.csv",
      to: "out/ranks.csv",
    });
    derivedId = published.file_id;
    // Scratch and the session environment exist too; neither is a deliverable download.
    await writeEphemeralFile({
      ownerId,
      sessionId,
      path: "work/unpublished.csv",
      bytes: new TextEncoder().encode("draft\n"),
    });
    await setSessionEnvironment({ ownerId, sessionId, variables: { API_TOKEN: "tok-secret" } });
    publishRunId = (
      await insertFinishedRunWithCalls({
        ownerId,
        projectId,
        sessionId,
        calls: [{ toolName: "workspace_publish_file", data: published }],
      })
    ).runId;
  });

  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    resetEnvForTests();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it("a report names its tools and lists the earlier results of only those tools", async () => {
    const response = await reportRoute.GET(
      get(`/api/reports/${reportId}`, ownerId),
      routeContext({ report_id: reportId }),
    );
    expect(response.status).toBe(200);
    const report = analysisReportSchema.parse(await response.json());
    expect(report.tools).toEqual(["node_centrality"]);
    expect(report.markdown).toContain("## `node_centrality`");
    expect(report.markdown).toContain("not a proof of business correctness");
    expect(report.has_html).toBe(true);
    expect(report.run_id).not.toBeNull();
    expect(report.sources.map((source) => [source.tool_name, source.tool_call_id])).toEqual([
      ["node_centrality", centralityCallId],
    ]);
    expect(report.sources[0]?.data).toMatchObject({ algorithm: "pagerank" });
  });

  it("downloads the report as inert HTML and as Markdown, with a safe file name", async () => {
    const html = await reportDownloadRoute.GET(
      get(`/api/reports/${reportId}/download?format=html`, ownerId),
      routeContext({ report_id: reportId }),
    );
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
    expect(html.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    const disposition = html.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]+\.html"; filename\*=UTF-8''/);
    expect(disposition).not.toContain("../");
    const body = await html.text();
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain("&lt;script&gt;");
    expect(body).toContain(`http-equiv="Content-Security-Policy" content="default-src 'none'`);

    const markdown = await reportDownloadRoute.GET(
      get(`/api/reports/${reportId}/download?format=md`, ownerId),
      routeContext({ report_id: reportId }),
    );
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("content-disposition")).toMatch(/\.md"; filename\*=/);
    expect(await markdown.text()).toContain("# Karate");

    const badFormat = await reportDownloadRoute.GET(
      get(`/api/reports/${reportId}/download?format=pdf`, ownerId),
      routeContext({ report_id: reportId }),
    );
    expect(badFormat.status).toBe(400);
  });

  it("a foreign owner's report or file id, or a layout's id as a report, answers 404", async () => {
    const layout = await saveSessionArtifact({
      ownerId,
      projectId,
      sessionId,
      kind: "graph_layout",
      title: "view",
      content: { kind: "graph_layout" },
    });
    const cases = [
      await reportRoute.GET(
        get(`/api/reports/${reportId}`, strangerId),
        routeContext({ report_id: reportId }),
      ),
      await reportDownloadRoute.GET(
        get(`/api/reports/${reportId}/download?format=html`, strangerId),
        routeContext({ report_id: reportId }),
      ),
      await reportRoute.GET(
        get(`/api/reports/${layout.id}`, ownerId),
        routeContext({ report_id: layout.id }),
      ),
      await filesRoute.GET(
        get(`/api/files/${derivedId}`, strangerId),
        routeContext({ file_id: derivedId }),
      ),
      await filesRoute.GET(
        get(`/api/files/${datasetId}`, strangerId),
        routeContext({ file_id: datasetId }),
      ),
      await filesRoute.GET(
        get("/api/files/..%2F..%2Fetc%2Fpasswd", ownerId),
        routeContext({ file_id: "../../etc/passwd" }),
      ),
      await sessionFilesRoute.GET(
        get(`/api/sessions/${sessionId}/files`, strangerId),
        routeContext({ session_id: sessionId }),
      ),
    ];
    for (const response of cases) {
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe("NOT_FOUND");
    }
  });

  it("lists Uploaded and Derived files with download ids and the publishing run", async () => {
    const response = await sessionFilesRoute.GET(
      get(`/api/sessions/${sessionId}/files`, ownerId),
      routeContext({ session_id: sessionId }),
    );
    expect(response.status).toBe(200);
    const listing = sessionFilesSchema.parse(await response.json());
    const upload = listing.files.find((file) => file.area === "Uploaded");
    expect(upload).toMatchObject({ file_id: datasetId, dataset_id: datasetId });
    const derived = listing.files.find((file) => file.area === "Derived");
    expect(derived).toMatchObject({
      file_id: derivedId,
      name: "ranks@v1.csv",
      version: 1,
      reference: "Derived/out/ranks.csv@v1",
      published_by: { run_id: publishRunId },
    });
    const onlyDerived = sessionFilesSchema.parse(
      await (
        await sessionFilesRoute.GET(
          get(`/api/sessions/${sessionId}/files?area=Derived`, ownerId),
          routeContext({ session_id: sessionId }),
        )
      ).json(),
    );
    expect(new Set(onlyDerived.files.map((file) => file.area))).toEqual(new Set(["Derived"]));
    const badArea = await sessionFilesRoute.GET(
      get(`/api/sessions/${sessionId}/files?area=..`, ownerId),
      routeContext({ session_id: sessionId }),
    );
    expect(badArea.status).toBe(400);
  });

  it("every listed file downloads with its listed bytes; Environment and Ephemeral are not listed", async () => {
    const listing = sessionFilesSchema.parse(
      await (
        await sessionFilesRoute.GET(
          get(`/api/sessions/${sessionId}/files`, ownerId),
          routeContext({ session_id: sessionId }),
        )
      ).json(),
    );
    for (const file of listing.files) {
      expect(file.kind).toBe("file");
      expect(file.file_id, file.reference).toEqual(expect.any(String));
      const download = await filesRoute.GET(
        get(`/api/files/${file.file_id}`, ownerId),
        routeContext({ file_id: file.file_id }),
      );
      expect(download.status, file.reference).toBe(200);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length, file.reference).toBe(file.bytes);
      expect(createHash("sha256").update(bytes).digest("hex"), file.reference).toBe(file.checksum);
    }
    expect(listing.files.map((file) => [file.area, file.file_id])).toEqual([
      ["Uploaded", datasetId],
      ["Derived", derivedId],
    ]);
    for (const area of ["Environment", "Ephemeral"]) {
      const response = await sessionFilesRoute.GET(
        get(`/api/sessions/${sessionId}/files?area=${area}`, ownerId),
        routeContext({ session_id: sessionId }),
      );
      expect(response.status).toBe(200);
      expect(sessionFilesSchema.parse(await response.json()).files).toEqual([]);
    }
  });

  it("downloads a Derived version and an upload whose name has ../ and quotes, safely", async () => {
    const derived = await filesRoute.GET(
      get(`/api/files/${derivedId}`, ownerId),
      routeContext({ file_id: derivedId }),
    );
    expect(derived.status).toBe(200);
    expect(derived.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(derived.headers.get("x-content-type-options")).toBe("nosniff");
    expect(derived.headers.get("content-disposition")).toBe(
      `attachment; filename="ranks@v1.csv"; filename*=UTF-8''ranks%40v1.csv`,
    );
    expect(await derived.text()).toBe("node,score\nn33,0.1\n");

    const upload = await filesRoute.GET(
      get(`/api/files/${datasetId}`, ownerId),
      routeContext({ file_id: datasetId }),
    );
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const disposition = upload.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]+"; filename\*=UTF-8''[^"'/\\]+$/);
    expect(disposition).not.toContain("..");
    expect(disposition.split('"')).toHaveLength(3);
    expect(await upload.text()).toBe("source,target\nn0,n1\n");
  });
});
