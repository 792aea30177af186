"use client";

import { useEffect, useRef } from "react";
import { secondaryButtonClass } from "@/components/ui/styles";
import { SHORTCUTS } from "@/lib/labeling/keys";

/** The `?` overlay: a modal dialog listing every key. Esc, `?` or the button close it. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-heading"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "?") {
          event.preventDefault();
          onClose();
        }
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-heading" className="text-lg font-semibold text-slate-900">
        Keyboard shortcuts
      </h2>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Keys and what they do</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="pb-2 font-semibold">Keys</th>
            <th scope="col" className="pb-2 font-semibold">Action</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className="py-2 pr-4 whitespace-nowrap">
                {shortcut.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? <span className="px-1 text-slate-600">or</span> : null}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-900">{key}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 text-slate-800">{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-sm text-slate-600">Every verdict is saved the moment you give it. Esc closes this list.</p>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButtonClass} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
