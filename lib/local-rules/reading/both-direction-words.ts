// Words that count a directed graph's links both ways at once. Shared by the degree mode of a
// question and by the direction of its links, so a ranking that says "incoming and outgoing
// together" never counts only the first direction it names.

/** Both ways counted: "both incoming and outgoing", "sent and received", "进出". */
export const bothDirectionWords =
  /\bboth\s+(?:(?:the\s+)?(?:incoming|inbound|in|received|sent|outgoing|outbound|out)\s+(?:and|&)\s+(?:(?:the\s+)?(?:incoming|inbound|in|received|sent|outgoing|outbound|out))|directions|ways)\b|\b(?:incoming|inbound|in)(?:\s*(?:and|&|\+|or|plus)\s*|\s*\/\s*)(?:outgoing|outbound|out)\b|\b(?:outgoing|outbound|out)(?:\s*(?:and|&|\+|or|plus)\s*|\s*\/\s*)(?:incoming|inbound|in)\b|\b(?:sent|sending|sends|paid|paying)\s+(?:and|or|as well as)\s+(?:received|receiving|receives)\b|\b(?:received|receiving|receives)\s+(?:and|or|as well as)\s+(?:sent|sending|sends|paid|paying)\b|\b(?:in\s+)?(?:either|any|both)\s+direction\b|\b(?:regardless|irrespective)\s+of\s+(?:the\s+)?direction\b|\bignor(?:e|es|ing)\s+(?:the\s+)?directions?\b|\btotal\s+degree\b|入度和出度|出度和入度|入度与出度|出度与入度|入边和出边|出边和入边|入边与出边|出边与入边|转入转出|转出转入|进出|收发|转入和转出|转出和转入|转入与转出|流入和流出|流出和流入|收入和支出|双向|不论方向|不管方向|不考虑方向|忽略方向|无论方向/i;
