// The graph controls' native selects and their labels share one look.
export const graphSelectClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-500";
export const graphLabelClass = "mb-1 block text-xs font-medium text-slate-700";
