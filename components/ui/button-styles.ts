// Shared class lists keep every button the same size and focus behaviour without a component library.
const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50";

export const primaryButtonClass = `${base} bg-blue-600 text-white hover:bg-blue-700`;

export const secondaryButtonClass = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;

export const quietButtonClass = `${base} text-slate-600 hover:bg-slate-100 hover:text-slate-900`;
