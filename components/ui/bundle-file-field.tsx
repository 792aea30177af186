import type { Ref } from "react";
import { labelClass } from "./styles";

/** The labelled file input for a JSON Lines bundle, shared by every upload form. */
export function BundleFileField({ id, label, inputRef, name }: { id: string; label: string; inputRef: Ref<HTMLInputElement>; name?: string }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept=".jsonl,.ndjson,application/x-ndjson,text/plain"
        required
        className="block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
    </div>
  );
}
