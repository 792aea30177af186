/** Shared class lists, so every button and input looks and behaves the same. */
export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-accent px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400";

export const labelClass = "mb-1 block text-sm font-medium text-slate-800";

export const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm";

/** The first column of a table wider than the page: it stays put while the rest scrolls under it. */
export const stickyColumnClass = "sticky left-0 z-10 bg-white shadow-[1px_0_0_0_var(--color-slate-200)]";
/** The same column's header cell, on the header's shade. */
export const stickyHeadClass = "sticky left-0 z-10 bg-slate-50 shadow-[1px_0_0_0_var(--color-slate-200)]";
