import { quietButtonClass } from "../../ui/button-styles";

/** The small quiet buttons of a conversation's row (Rename, Delete and their answers). */
export const sessionActionButtonClass = `${quietButtonClass} px-2 py-0.5 text-xs`;
