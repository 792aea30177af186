import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";

interface Props {
  action: string;
  /** Query parameter names for the two versions. */
  names: [string, string];
  label: string;
  versions: number[];
  from: number;
  to: number;
}

/** Two version menus and a button: a plain GET form, so the diff has its own address. */
export function CompareForm({ action, names, label, versions, from, to }: Props) {
  const [fromName, toName] = names;
  const options = versions.map((v) => (
    <option key={v} value={v}>
      Version {v}
    </option>
  ));
  return (
    <form action={action} method="get" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${fromName}-select`} className={labelClass}>
          From<span className="sr-only"> {label} version</span>
        </label>
        <select id={`${fromName}-select`} name={fromName} defaultValue={from} className={inputClass}>
          {options}
        </select>
      </div>
      <div>
        <label htmlFor={`${toName}-select`} className={labelClass}>
          To<span className="sr-only"> {label} version</span>
        </label>
        <select id={`${toName}-select`} name={toName} defaultValue={to} className={inputClass}>
          {options}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Compare {label} versions
      </button>
    </form>
  );
}
