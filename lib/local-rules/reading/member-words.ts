/**
 * "Who is in the cast of Night Ferry?", "Which actors appear in Night Ferry?", "Who played on
 * Tide Songs?": the people a work's link rows name — its neighbours, kept to the kind the
 * question or its link noun names by the neighbours planner.
 */
export const membersAsked =
  /^\s*(?:who|which\s+\w+)\s+(?:is|are|was|were)\s+(?:in|on|part\s+of)\b|^\s*(?:who|which\s+\w+)\s+(?:appear(?:s|ed)?|act(?:s|ed)?|star(?:s|red)?|play(?:s|ed)?|perform(?:s|ed)?|sang|sings?|work(?:s|ed)?)\s+(?:in|on|for)\b|\b(?:cast|crew|line-?up|roster)\s+of\b|(?:演员|阵容|卡司)(?:表)?(?:有哪些|是谁|有谁)|谁(?:出演|参演|主演)(?:了|过)?/i;
