import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { formatFigure, roundsAny } from "../writing/format-figures";
import { type CommunityData, communityDataSchema } from "../writing/result-shapes";
import type { CommunityAlgorithm } from "./community-algorithm";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { planSingleCall } from "./single-call-plan";

const membersShown = 8;

/** The community table and summary of a community_detection result. */
export function writeCommunities(input: {
  context: PlanContext;
  data: CommunityData;
  source: string;
}): AnswerPart {
  const { context, data } = input;
  const p = context.phrases;
  const part = emptyPart({ succeeded: true });
  const algorithm = p.communityAlgorithmName(data.algorithm);
  part.sources.push(input.source);
  part.summary.push(
    p.communitySummary({
      algorithm,
      count: data.community_count,
      modularity: formatFigure(data.modularity),
      largest: data.communities[0]?.size,
    }),
  );
  if (data.communities.length > 0) {
    part.sections.push({
      heading: p.communityHeading(data.communities.length, data.community_count),
      blocks: [
        {
          kind: "table",
          columns: [p.columnCommunity, p.columnSize, p.columnMembers],
          rows: data.communities.map((community) => {
            const more = community.members_truncated || community.members.length > membersShown;
            const members = community.members.slice(0, membersShown).join(", ");
            return [
              `#${community.community}`,
              String(community.size),
              more ? `${members}, …` : members,
            ];
          }),
        },
      ],
    });
  }
  if (data.truncated) {
    part.notes.push(p.noteCommunitiesTruncated(data.communities.length, data.community_count));
  }
  part.rounded = roundsAny([data.modularity]);
  part.focusNodeIds = data.communities.flatMap((community) => community.members).slice(0, 300);
  return part;
}

/** Communities: one community_detection call, then sizes, members and modularity. */
export function planCommunities(input: {
  context: PlanContext;
  algorithm: CommunityAlgorithm;
}): PlanOutcome {
  const { context } = input;
  const call = { toolName: "community_detection", input: { algorithm: input.algorithm } };
  return planSingleCall({
    context,
    call,
    schema: communityDataSchema,
    write: (data) =>
      writeCommunities({
        context,
        data,
        source: `community_detection ${JSON.stringify(call.input)}`,
      }),
  });
}
