import type { ReactNode } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/auth/respond";

/** A labelled input of a runs configuration form; `name` is the field the service names in its messages. */
export function Field({
  id,
  name,
  label,
  hint,
  defaultValue,
  type = "text",
  step,
  required,
  readOnly,
}: {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  defaultValue?: string | number | null;
  type?: "text" | "number" | "url";
  step?: string;
  required?: boolean;
  readOnly?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        step={step}
        required={required}
        readOnly={readOnly}
        defaultValue={defaultValue ?? ""}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete="off"
        className={`${inputClass}${readOnly ? " bg-slate-100" : ""}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A text field's value as typed. */
export const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A number field's value: a number, or "" when left empty (the service says whether that is allowed). */
export function num(form: FormData, name: string): number | "" {
  const raw = text(form, name).trim();
  return raw === "" ? "" : Number(raw);
}

/** A form's submit button and what became of the last submission. */
export function SubmitRow({ label, pending, result, error, success }: { label: string; pending: boolean; result?: ActionResult<unknown>; error: Error | null; success: string }) {
  return (
    <div className="space-y-3 sm:col-span-2">
      <button type="submit" disabled={pending} className={buttonClass}>
        {label}
      </button>
      <ActionFeedback result={result} error={error} success={success} />
    </div>
  );
}
