import type { CalibrationReport } from "@/lib/calibration/report";
import { fmt } from "@/lib/format";

const WIDTH = 640;
const HEIGHT = 250;
const PAD = { left: 40, right: 16, top: 60, bottom: 36 };
const BINS = 30;
const MARKED = 5;

/** How many panels fall in each of BINS equal bins between the lowest and highest κ. */
function binned(kappas: number[]): { low: number; high: number; counts: number[] } {
  const low = Math.min(...kappas);
  const high = Math.max(...kappas);
  const counts = new Array<number>(BINS).fill(0);
  const width = (high - low) / BINS || 1;
  for (const k of kappas) counts[Math.min(BINS - 1, Math.floor((k - low) / width))]++;
  return { low, high, counts };
}

/** Marks closer than this (in the figure's units) share one label, so labels never stack or overlap. */
const LABEL_GAP = 30;

/** The marked panels grouped left to right where their marks nearly touch, each group with one label such as "#1–#3" or "#2, #5". */
function labelGroups(marks: { rank: number; x: number }[]): { text: string; x: number }[] {
  const groups: { rank: number; x: number }[][] = [];
  for (const mark of [...marks].sort((a, b) => a.x - b.x)) {
    const last = groups.at(-1);
    if (last && mark.x - last[0].x < LABEL_GAP) last.push(mark);
    else groups.push([mark]);
  }
  return groups.map((group) => {
    const ranks = group.map((m) => m.rank).sort((a, b) => a - b);
    const consecutive = ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1);
    const text = ranks.length === 1 ? `#${ranks[0]}` : consecutive ? `#${ranks[0]}–#${ranks.at(-1)}` : ranks.map((r) => `#${r}`).join(", ");
    return { text, x: group.reduce((sum, m) => sum + m.x, 0) / group.length };
  });
}

/** The spread of every panel's κ, with the top panels marked: how far ahead is the winner, really? */
export function KappaHistogram({ panels }: { panels: CalibrationReport["panels"] }) {
  const kappas = panels.flatMap((p) => (p.kappa === null ? [] : [p.kappa]));
  if (kappas.length === 0) return <p className="text-slate-700">No panel has a defined κ.</p>;
  const { low, high, counts } = binned(kappas);
  const most = Math.max(...counts);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (k: number) => PAD.left + (high === low ? plotW / 2 : ((k - low) / (high - low)) * plotW);
  const barW = plotW / BINS;
  const top = panels.slice(0, MARKED).filter((p) => p.kappa !== null);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => low + t * (high - low));
  const summary = `Histogram of κ for ${kappas.length} panels, from ${fmt(low)} to ${fmt(high)}. The top ${top.length} are marked: ${top.map((p) => `rank ${p.rank} κ ${fmt(p.kappa, 4)}`).join("; ")}.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full max-w-3xl">
        {counts.map((count, i) =>
          count === 0 ? null : (
            <rect
              key={i}
              x={PAD.left + i * barW + 1}
              y={PAD.top + plotH - (count / most) * plotH}
              width={barW - 2}
              height={(count / most) * plotH}
              className="fill-slate-500"
            />
          ),
        )}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="stroke-slate-700" />
        {ticks.map((t, i) => (
          <text key={i} x={x(t)} y={HEIGHT - 14} textAnchor="middle" className="fill-slate-700 text-[11px]">
            {fmt(t)}
          </text>
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-slate-700 text-[11px]">{most}</text>
        <text x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end" className="fill-slate-700 text-[11px]">0</text>
        {top.map((panel) => (
          <line key={panel.rank} x1={x(panel.kappa ?? 0)} x2={x(panel.kappa ?? 0)} y1={PAD.top - 4} y2={PAD.top + plotH} className="stroke-amber-700" strokeWidth={1.5} />
        ))}
        {labelGroups(top.map((panel) => ({ rank: panel.rank, x: x(panel.kappa ?? 0) }))).map((label) => (
          <text key={label.text} x={label.x} y={PAD.top - 10} textAnchor="middle" className="fill-amber-800 text-[11px] font-semibold">
            {label.text}
          </text>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">
        κ of every panel against the clinician consensus ({kappas.length} panels); the top {top.length} are marked in amber.
      </figcaption>
    </figure>
  );
}
