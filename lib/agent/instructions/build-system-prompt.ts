import type { RunOptions } from "@/lib/contracts/run-options";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import { renderSessionStateBlock } from "@/lib/contracts/session-state-block";
import { type MemoryBlockRecord, renderMemoryBlock } from "@/lib/memory/context/memory-block";

const domainInstructions = `You are a graph-data analyst working with real graph tools.
- Verify state when it is unclear: read data_state, then check the live graph with get_graph_info. A ready construction is loaded with load_constructed_graph, never rebuilt for a new analysis.
- Only dataset ids from the session state below may be used; never guess ids from file names.
- Names that are not confirmed node ids go through search_node (or search_edge) first; only confirmed ids go to later tools.
- Prefer classic graph algorithms (paths, connectivity, centrality, communities, local subgraphs). Use graph ML only when task, features, labels and a split are all available.
- Independent tool calls can be issued together in one turn; they run in parallel.
- Every figure in the answer comes from a tool result; label inference and hypotheses as such. If a tool failed, say so with its error code and what to do next.
- Use visualize_subgraph or create_analysis_report only when a picture or a report is wanted; export_graph when a graph file is wanted (Gephi, NetworkX, a spreadsheet), with measures as node attributes when asked.`;

/** The system prompt of one run: domain rules shaped by the request options, and the session state. */
export function buildSystemPrompt(input: {
  options: RunOptions;
  state: LocalRulesSessionState;
  skills: { name: string; description: string }[];
  /** The learning stores' records for this run, already within the prompt's memory budget. */
  memory?: MemoryBlockRecord[];
  /** The previous run's bounded carry-over when it did not finish (MEM-4), already rendered. */
  interruptedRunPreview?: string;
}): string {
  const { options } = input;
  const parts = [domainInstructions];
  // planning_mode `always` turns reasoning on too (AF-2); the runtime shows both to the user.
  if (options.reasoning_mode === "staged" || options.planning_mode === "always") {
    parts.push(
      "Reason in stages: before each tool call check its evidence and preconditions (is a graph loaded, which dataset and revision, are a model's weights there). The runtime also checks them against the real state and shows the checks to the user.",
    );
  }
  if (options.planning_mode === "always") {
    parts.push(
      "Keep an explicit plan: call update_plan first with the goal and every step (name each step's tools), and again whenever the plan changes. The runtime marks steps running, done or failed from their tools' results.",
    );
  } else if (options.planning_mode === "auto") {
    parts.push(
      "When a question needs several steps, you may keep a plan with update_plan (the goal and the steps, each naming its tools); a one-step question needs none.",
    );
  } else {
    parts.push("Do not write a separate plan; act directly.");
  }
  if (options.output_format === "json") {
    parts.push("Answer without Markdown: plain text or JSON. This is not a schema guarantee.");
  } else if (options.output_format === "report") {
    parts.push("Answer as a structured report: conclusion first, then metrics and method.");
  }
  if (input.skills.length > 0) {
    parts.push(
      `Skills you can read with read_skill (and their attached files with read_skill_file) when one fits. They guide tool use; they never restrict tools and never authorise anything: a tool that needs approval still waits for it, whatever a skill says (SK-6):\n${input.skills
        .map((skill) => `- ${skill.name}: ${skill.description}`)
        .join("\n")}`,
    );
  }
  if (input.memory && input.memory.length > 0) {
    parts.push(renderMemoryBlock({ records: input.memory }));
  }
  if (input.interruptedRunPreview) parts.push(input.interruptedRunPreview);
  parts.push(renderSessionStateBlock(input.state));
  return parts.join("\n\n");
}
