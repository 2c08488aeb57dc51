import { writeFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { buildZip } from "../tests/support/skill-zips";
import { SkillsPage } from "./pages/skills-page";
import { watchConsoleErrors } from "./support/console-errors";

function skillMarkdown(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: E2E skill ${name}.\nwhen_to_use: In the end-to-end test.\n---\n# ${name}\n\n${body}\n`;
}

// Skills belong to the owner, not a project, and the e2e data directory survives runs.
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("uploads a zip to the review queue, approves it under a new name, and rejects another with a reason", async ({
  page,
  request,
}, testInfo) => {
  const zipped = `e2e-zip-${suffix}`;
  const approvedName = `e2e-approved-${suffix}`;
  const other = `e2e-other-${suffix}`;
  const zipPath = testInfo.outputPath(`${zipped}.zip`);
  await writeFile(
    zipPath,
    await buildZip([
      {
        path: `${zipped}/SKILL.md`,
        content: skillMarkdown(zipped, "Call `get_graph_info {}` first."),
      },
      {
        path: `${zipped}/references/notes.md`,
        content: "# Notes\n\n<script>alert(1)</script> stays text.\n",
      },
    ]),
  );
  const mdPath = testInfo.outputPath(`${other}.md`);
  await writeFile(mdPath, skillMarkdown(other, "Too vague."));

  const consoleErrors = watchConsoleErrors(page);
  const skills = new SkillsPage(page);
  await skills.open();
  await skills.upload(zipPath);
  await expect(skills.queued(zipped)).toBeVisible();
  await expect(skills.queued(zipped).getByTestId("skill-badge")).toHaveText("waiting for review");

  // Its full content and its file, shown as text (the script tag is not run).
  await skills.select(skills.queued(zipped));
  await expect(page.getByTestId("skill-detail-name")).toHaveText(zipped);
  await expect(page.getByTestId("skill-content")).toContainText("get_graph_info");
  await expect(skills.detail.getByText("references/notes.md")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("skills-candidate.png"), fullPage: true });

  await skills.approve({ targetName: approvedName, playbookId: "pb-e2e" });
  await expect(page.getByTestId("skill-detail-name")).toHaveText(approvedName);
  await expect(skills.detail.getByTestId("skill-badge")).toHaveText("mine");
  await expect(skills.active(approvedName).getByTestId("skill-badge")).toHaveText("mine");
  await expect(skills.queued(zipped)).toHaveCount(0);

  await skills.upload(mdPath);
  await skills.select(skills.queued(other));
  await skills.reject({ reason: "Too vague to help" });
  await expect(skills.queued(other).getByTestId("skill-badge")).toHaveText("rejected");
  await expect(page.getByTestId("skill-rejected-reason")).toContainText("Too vague to help");

  // Search narrows the list.
  await skills.search.fill(approvedName);
  await expect(skills.active(approvedName)).toBeVisible();
  await expect(skills.active("state-check")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("skills-reviewed.png"), fullPage: true });

  // The server agrees with what the page shows.
  const listed = (await (await request.get("/api/skills")).json()) as {
    skills: {
      name: string;
      source: string;
      status: string;
      playbook_id: string | null;
      rejected_reason?: string;
    }[];
  };
  expect(listed.skills).toContainEqual(
    expect.objectContaining({
      name: approvedName,
      source: "user",
      status: "active",
      playbook_id: "pb-e2e",
    }),
  );
  expect(listed.skills).toContainEqual(
    expect.objectContaining({
      name: other,
      source: "candidate",
      status: "rejected",
      rejected_reason: "Too vague to help",
    }),
  );
  expect(listed.skills.some((skill) => skill.name === zipped)).toBe(false);
  expect(consoleErrors).toEqual([]);
});
