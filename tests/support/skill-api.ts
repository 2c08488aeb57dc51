import * as skillRoute from "@/app/api/skills/[name]/route";
import * as approveRoute from "@/app/api/skills/candidates/[name]/approve/route";
import * as rejectRoute from "@/app/api/skills/candidates/[name]/reject/route";
import * as skillsRoute from "@/app/api/skills/route";
import * as uploadRoute from "@/app/api/skills/upload/route";
import { actingAs, routeContext } from "./route-request";

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each checked by the test.
type Answer = { status: number; body: any };

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A SKILL.md with the given name, description and body. */
export function skillMarkdown(input: {
  name: string;
  description?: string;
  body?: string;
}): string {
  return `---\nname: ${input.name}\ndescription: ${input.description ?? `Guidance for ${input.name}.`}\nwhen_to_use: In tests.\n---\n${input.body ?? `# ${input.name}\n\nCall \`get_graph_info {}\` first.\n`}`;
}

/** Small clients of the /api/skills routes, acting as `userId`. */
export function skillApi(userId: string) {
  const headers = actingAs(userId);
  const json = (method: string, url: string, body?: unknown) =>
    new Request(`http://test.local${url}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    async list(): Promise<Answer> {
      return answer(await skillsRoute.GET(json("GET", "/api/skills"), routeContext({})));
    },
    async create(body: { name: string; content: string; target: "user" | "review_queue" }) {
      return answer(await skillsRoute.POST(json("POST", "/api/skills", body), routeContext({})));
    },
    async get(name: string, source?: string) {
      const query = source ? `?source=${source}` : "";
      return answer(
        await skillRoute.GET(json("GET", `/api/skills/${name}${query}`), routeContext({ name })),
      );
    },
    async put(name: string, content: string, source?: string) {
      const query = source ? `?source=${source}` : "";
      return answer(
        await skillRoute.PUT(
          json("PUT", `/api/skills/${name}${query}`, { content }),
          routeContext({ name }),
        ),
      );
    },
    async remove(name: string, source?: string) {
      const query = source ? `?source=${source}` : "";
      return answer(
        await skillRoute.DELETE(
          json("DELETE", `/api/skills/${name}${query}`),
          routeContext({ name }),
        ),
      );
    },
    async approve(name: string, body: { target_name?: string; playbook_id?: string } = {}) {
      return answer(
        await approveRoute.POST(
          json("POST", `/api/skills/candidates/${name}/approve`, body),
          routeContext({ name }),
        ),
      );
    },
    async reject(name: string, body: { reason?: string; delete?: boolean } = {}) {
      return answer(
        await rejectRoute.POST(
          json("POST", `/api/skills/candidates/${name}/reject`, body),
          routeContext({ name }),
        ),
      );
    },
    async upload(input: { filename: string; bytes: Uint8Array; target?: string }) {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(input.bytes)], input.filename));
      if (input.target) form.append("target", input.target);
      const request = new Request("http://test.local/api/skills/upload", {
        method: "POST",
        headers,
        body: form,
      });
      return answer(await uploadRoute.POST(request, routeContext({})));
    },
  };
}
