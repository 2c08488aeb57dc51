import { describe, expect, inject, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import * as projectsRoute from "@/app/api/projects/route";
import { getDefaultOwner } from "@/lib/identity/default-owner";

describe("health and the login-free owner", () => {
  it("reports the database it really uses", async () => {
    const response = await healthRoute.GET(new Request("http://test.local/api/health"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.db).toMatchObject({ ok: true, mode: "external" });
    expect(body.db.server_version).toMatch(/^15\.|^1[6-9]\./);
    // The suite points DATABASE_URL at its own database, so the app must say "external".
    expect(process.env.DATABASE_URL).toBe(inject("databaseUrl"));
  });

  it("creates the default owner and one default project once, however many ask", async () => {
    const owners = await Promise.all([getDefaultOwner(), getDefaultOwner(), getDefaultOwner()]);
    expect(new Set(owners.map((owner) => owner.userId)).size).toBe(1);
    const response = await projectsRoute.GET(new Request("http://test.local/api/projects"), {
      params: Promise.resolve({}),
    });
    const { projects } = await response.json();
    expect(
      projects.filter((project: { name: string }) => project.name === "Default project"),
    ).toHaveLength(1);
  });

  it("refuses a duplicate or blank project name as invalid, with the reason", async () => {
    const create = (name: string) =>
      projectsRoute.POST(
        new Request("http://test.local/api/projects", {
          method: "POST",
          body: JSON.stringify({ name }),
        }),
        { params: Promise.resolve({}) },
      );
    expect((await create("Fraud rings")).status).toBe(201);
    const duplicate = await create("Fraud rings");
    expect(duplicate.status).toBe(400);
    expect((await duplicate.json()).error).toMatchObject({
      code: "INVALID_REQUEST",
      message: 'A project named "Fraud rings" already exists.',
    });
    const blank = await create("   ");
    expect(blank.status).toBe(400);
    expect((await blank.json()).error).toMatchObject({ code: "INVALID_REQUEST" });
  });
});
