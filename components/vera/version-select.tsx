import { inputClass, labelClass } from "@/components/ui/styles";

/** A labelled choice of one flow rubric version. */
export function VersionSelect({ id, name, label, rubrics, value }: { id: string; name: string; label: string; rubrics: { id: number; name: string; version: number }[]; value: string | null }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? undefined} className={inputClass}>
        {rubrics.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} v{r.version}
          </option>
        ))}
      </select>
    </div>
  );
}
