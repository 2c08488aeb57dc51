import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow, GraphPage } from "./pages/graph-page";
import { listDatasetsViaApi, uniqueName } from "./support/api";
import { createSourceDatabase, type SourceDatabase } from "./support/source-database";

// "Connect a database" beside Upload (docs/datasets.md, "A live PostgreSQL database"): a fresh
// database with a small shop schema on a real PostgreSQL, refused when the database or the
// password is wrong, listed by Test connection, added by Connect and built like a dump.
let source: SourceDatabase;

test.beforeAll(async () => {
  source = await createSourceDatabase();
});

test.afterAll(async () => {
  await source?.drop();
});

/** The URL as the workbench shows it: without its password. */
function shown(url: string) {
  const withoutPassword = new URL(url);
  withoutPassword.password = "";
  return withoutPassword.toString();
}

test("connects a live PostgreSQL database: refusals, the tables listed, then a built graph", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Connect"));
  await expect(datasets.emptyList).toBeVisible();

  await page.getByText("Connect a database", { exact: true }).click();
  const urlInput = page.getByLabel("PostgreSQL URL");
  // The URL carries the password: the field never shows it.
  await expect(urlInput).toHaveAttribute("type", "password");
  const testButton = page.getByRole("button", { name: "Test connection" });
  const connectButton = page.getByRole("button", { name: "Connect", exact: true });
  const status = page.locator("form").filter({ has: urlInput }).getByRole("status");

  // A database that does not exist: refused in one sentence, nothing added.
  await urlInput.fill(source.missingDatabaseUrl);
  await testButton.click();
  const missingName = new URL(source.missingDatabaseUrl).pathname.slice(1);
  await expect(status).toHaveText(
    `The database "${missingName}" does not exist at ${new URL(source.url).host}.`,
  );

  if (source.checksPasswords) {
    await urlInput.fill(source.wrongPasswordUrl);
    await testButton.click();
    await expect(status).toContainText("refused the login of");
    await expect(page.locator("body")).not.toContainText("not-the-password-42");
    // Connect with the wrong password is refused the same way and adds nothing.
    await connectButton.click();
    await expect(status).toContainText("refused the login of");
  } else {
    testInfo.annotations.push({
      type: "note",
      description: "this PostgreSQL trusts loopback logins: no wrong password to refuse",
    });
  }
  await page.screenshot({ path: testInfo.outputPath("connect-refused.png"), fullPage: true });

  // The right database: Test connection lists the tables a build would read.
  await urlInput.fill(source.url);
  await testButton.click();
  await expect(status).toHaveText(
    `Connected. A build would read ${source.tables.length} tables of "public": ${source.tables.join(", ")}.`,
  );
  expect(await listDatasetsViaApi(request, projectId)).toEqual([]);

  await connectButton.click();
  const database = new URL(source.url).pathname.slice(1);
  const name = `${database} (public)`;
  await expect(status).toHaveText(`Added "${name}". Build it to read its tables.`);
  await expect(urlInput).toHaveValue("");
  await datasets.expectCount(1);
  const row = datasets.rowFor(shown(source.url));
  await expect(row.getByTestId("dataset-kind")).toHaveText("postgres");
  const stored = await listDatasetsViaApi(request, projectId);
  expect(stored).toMatchObject([{ kind: "postgres", original_filename: shown(source.url) }]);

  const build = new DatasetBuildRow(datasets, shown(source.url));
  await build.build();
  await build.expectReady(1);
  await expect(build.error).toHaveCount(0);
  await expect(row.getByTestId("build-graph-control")).toContainText(
    `${source.nodes} nodes, ${source.edges} edges`,
  );
  await page.screenshot({ path: testInfo.outputPath("connect-built.png"), fullPage: true });

  const graph = new GraphPage(page);
  await graph.open();
  await graph.selectDataset(name);
  await graph.expectCounts({ nodes: source.nodes, edges: source.edges });
  await expect(graph.info.getByTestId("graph-directed")).toHaveText("Directed");
});
