import { createProject, createProjectBodySchema } from "@/lib/backend/projects/create-project";
import { listProjects } from "@/lib/backend/projects/list-projects";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";

export const GET = withRoute(async ({ actor }) =>
  Response.json({ projects: await listProjects({ ownerId: actor.userId }) }),
);

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, createProjectBodySchema);
  const project = await createProject({ ownerId: actor.userId, name: body.name });
  return Response.json(project, { status: 201 });
});
