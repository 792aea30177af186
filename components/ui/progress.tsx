/**
 * A labelled progress bar: `done` of `total`. `name` is its accessible name when the
 * visible label leans on a heading around it (e.g. the clinician's name on their card).
 */
export function Progress({ label, name = label, done, total }: { label: string; name?: string; done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div>
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">
          {done} of {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
