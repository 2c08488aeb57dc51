/** The workbench's sections, in the order a typical analysis visits them. */
export const navigationItems = [
  { href: "/chat", label: "Chat", description: "Ask the agent about your graphs" },
  { href: "/datasets", label: "Datasets", description: "Upload and inspect source files" },
  { href: "/graph", label: "Graph", description: "Explore constructed graphs" },
  { href: "/skills", label: "Skills", description: "Playbooks the agent can follow" },
  { href: "/memory", label: "Memory", description: "What the agent remembers" },
  { href: "/results", label: "Results", description: "Reports, models and files" },
  { href: "/usage", label: "Usage", description: "Model calls, tokens and time, by day" },
  { href: "/reruns", label: "Re-runs", description: "Conversations asked again on new data" },
] as const;
