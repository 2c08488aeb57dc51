import type { Session } from "@/lib/contracts/session";

/**
 * Whether a conversation matches the list's search: every word of it, in any case, appears in
 * the conversation's title or its dataset's name. An empty search matches every conversation.
 */
export function sessionMatches(
  session: Pick<Session, "title" | "dataset_name">,
  search: string,
): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${session.title} ${session.dataset_name ?? ""}`.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}
