/** TanStack Query keys of the Skills page. */
export const skillsQueryKeys = {
  all: ["skills"] as const,
  detail: (source: string, name: string) => ["skills", source, name] as const,
};
