// Superlatives that say what is measured without naming it. A place is "the highest" by its
// altitude ("the highest peak", "最高的山峰"), "the deepest" by its depth; a waypoint is "the
// busiest junction" by the links that meet there, so "junction" there describes its degree and
// is no filter on a type of that name. The question is read into the words the schema and the
// ranking grammar know; the property words are matched against the schema by their synonyms
// (altitude, elevation, height), so a graph without such a property is not filtered by it.

// Kinds of place whose height is their altitude.
const placeNouns =
  "peaks?|summits?|mountains?|hills?|point|waypoints?|passes|pass|cols?|saddles?|villages?|towns?|cities|city|stations?|huts?|lakes?|places?|locations?|sites?|airports?|ports?|stops?";
const chinesePlaceNouns =
  "山峰|山|峰|路点|地点|垭口|山口|村庄|村|城镇|城市|车站|站点|小屋|湖泊|湖|机场|港口";

const highestPlace = new RegExp(
  `\\b(?:the\\s+)?(highest|lowest)\\s+(${placeNouns})\\b(?![-\\s]+(?:by|in terms of)\\b)`,
  "i",
);
const chineseHighestPlace = new RegExp(`(?<!海拔|高度|高程)(最高|最低)的(${chinesePlaceNouns})`);
const chinesePlaceHighest = new RegExp(
  `(${chinesePlaceNouns})(?:中|里|当中)?(最高|最低)的?(?=是|[？?]|$)`,
);
// "the deepest lake", "the tallest tower": a dimension said by its adjective.
const dimensionAdjectives: [RegExp, string][] = [
  [/\b(?:the\s+)?(deepest|shallowest)\s+(\w+)\b/i, "depth"],
  [
    /\b(?:the\s+)?(tallest|shortest)\s+(buildings?|towers?|trees?|people|persons?|players?)\b/i,
    "height",
  ],
];

// "Which waypoint is the busiest junction": a hub word after a superlative of traffic names
// where links meet, not the kind of node asked for.
const busiestHub =
  /\b(which|what)\s+(\w+)\s+(is|was)\s+the\s+(busiest|most connected|biggest|largest|main)\s+(junctions?|hubs?|crossroads|intersections?|interchanges?)\b/i;

function extreme(word: string): "highest" | "lowest" {
  return /^(?:lowest|shallowest|shortest)$/i.test(word) ? "lowest" : "highest";
}

/** The question with superlatives that imply a measure read as that measure. */
export function withImpliedMeasures(question: string): string {
  let text = question;
  const hub = busiestHub.exec(text);
  if (hub && hub[2].toLowerCase() !== hub[5].toLowerCase()) {
    text = text.replace(hub[0], `${hub[1]} ${hub[2]} ${hub[3]} the ${hub[4]}`);
  }
  const place = highestPlace.exec(text);
  if (place && !/\b(?:altitude|elevation|height)\b/i.test(text)) {
    text = text.replace(place[0], `the ${place[2]} with the ${extreme(place[1])} altitude`);
  }
  if (!/海拔|高度|高程/.test(text)) {
    text = text
      .replace(chineseHighestPlace, (_, word: string, noun: string) => `海拔${word}的${noun}`)
      .replace(chinesePlaceHighest, (_, noun: string, word: string) => `海拔${word}的${noun}`);
  }
  for (const [pattern, property] of dimensionAdjectives) {
    const match = pattern.exec(text);
    if (match && !new RegExp(`\\b${property}\\b`, "i").test(text)) {
      text = text.replace(match[0], `the ${match[2]} with the ${extreme(match[1])} ${property}`);
    }
  }
  return text;
}
