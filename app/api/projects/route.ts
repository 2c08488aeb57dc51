import type { ProjectList } from "@/lib/contracts/project";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { createProject, createProjectBodySchema } from "@/lib/projects/create-project";
import { listProjects } from "@/lib/projects/list-projects";

export const GET = withRoute(async ({ actor }) =>
  Response.json({
    projects: await listProjects({ ownerId: actor.userId }),
  } satisfies ProjectList),
);

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, createProjectBodySchema);
  const project = await createProject({ ownerId: actor.userId, name: body.name });
  return Response.json(project, { status: 201 });
});
