/**
 * Twelve categorical colours chosen for colour-vision deficiencies: the Okabe–Ito set (minus
 * black) followed by five of Paul Tol's "muted" colours that stay distinct from it. The order
 * matters: the largest groups get the most distinguishable colours.
 */
export const categoricalPalette: readonly string[] = [
  "#0072B2", // blue
  "#E69F00", // orange
  "#009E73", // bluish green
  "#CC79A7", // reddish purple
  "#56B4E9", // sky blue
  "#D55E00", // vermillion
  "#F0E442", // yellow
  "#332288", // indigo
  "#882255", // wine
  "#999933", // olive
  "#44AA99", // teal
  "#AA4499", // purple
];

/** The colour of groups beyond the palette (too small to deserve a colour of their own). */
export const otherGroupColor = "#BBBBBB";

/** The colour of every node when nothing is coloured. */
export const uncolouredNodeColor = "#6C7A89";

/** Colour of a group ranked `rank` by size (0 = largest). */
export function groupColor({ rank }: { rank: number }): string {
  return rank < categoricalPalette.length ? categoricalPalette[rank] : otherGroupColor;
}
