import { expect, it } from "vitest";
import { resolveCurrentProject } from "./resolve-current-project";

const projects = [{ project_id: "a" }, { project_id: "b" }, { project_id: "c" }];

it("takes the address's project, then the remembered one, then the first", () => {
  expect(resolveCurrentProject({ projects, addressId: "c", storedId: "b" })).toBe(projects[2]);
  expect(resolveCurrentProject({ projects, addressId: null, storedId: "b" })).toBe(projects[1]);
  expect(resolveCurrentProject({ projects, addressId: null, storedId: null })).toBe(projects[0]);
});

it("passes over ids that name no project", () => {
  expect(resolveCurrentProject({ projects, addressId: "nope", storedId: "b" })).toBe(projects[1]);
  expect(resolveCurrentProject({ projects, addressId: "nope", storedId: "gone" })).toBe(
    projects[0],
  );
  expect(resolveCurrentProject({ projects: [], addressId: "a", storedId: "a" })).toBeNull();
});
