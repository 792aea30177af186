import { fmt } from "@/lib/format";
import type { ScoreReport } from "@/lib/scoring/report";

const WIDTH = 720;
const ROW = 24;
const PAD = { left: 170, right: 24, top: 16, bottom: 40 };

/** Each model's score with its 95 % interval, one row per model in leaderboard order; bands alternate their shading. */
export function ForestPlot({ report }: { report: ScoreReport }) {
  const rows = report.models;
  const values = rows.flatMap((m) => [m.score, m.ci95?.[0], m.ci95?.[1]]).filter((v): v is number => typeof v === "number");
  if (values.length === 0) return <p className="text-slate-700">No model has a score.</p>;
  const span = Math.max(0.02, Math.max(...values) - Math.min(...values));
  const low = Math.max(0, Math.min(...values) - span * 0.05);
  const high = Math.min(1, Math.max(...values) + span * 0.05);
  const plotW = WIDTH - PAD.left - PAD.right;
  const height = PAD.top + rows.length * ROW + PAD.bottom;
  const x = (v: number) => PAD.left + (high === low ? plotW / 2 : ((v - low) / (high - low)) * plotW);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => low + t * (high - low));
  const scored = rows.filter((m) => m.score !== null);
  const summary =
    `Forest plot of ${rows.length} models' scores with 95% intervals, in ${report.bands} band${report.bands === 1 ? "" : "s"}: ` +
    `highest ${scored[0].model} ${fmt(scored[0].score)} [${fmt(scored[0].ci95?.[0])}, ${fmt(scored[0].ci95?.[1])}], ` +
    `lowest ${scored[scored.length - 1].model} ${fmt(scored[scored.length - 1].score)}. The table below lists every value.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary} className="h-auto w-full max-w-4xl">
        <title>Scores with 95% intervals</title>
        {rows.map((m, i) => {
          const y = PAD.top + i * ROW;
          return (
            <g key={m.model}>
              {m.band % 2 === 0 ? <rect x={PAD.left} y={y} width={plotW} height={ROW} className="fill-slate-100" /> : null}
              <text x={PAD.left - 8} y={y + ROW / 2 + 4} textAnchor="end" className="fill-slate-800 text-[12px]">
                {m.rank}. {m.model}
              </text>
              {m.ci95 ? <line x1={x(m.ci95[0])} x2={x(m.ci95[1])} y1={y + ROW / 2} y2={y + ROW / 2} className="stroke-slate-700" strokeWidth={2} /> : null}
              {m.score !== null ? <circle cx={x(m.score)} cy={y + ROW / 2} r={4.5} className="fill-accent-strong" /> : null}
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + rows.length * ROW} y2={PAD.top + rows.length * ROW} className="stroke-slate-700" />
        {ticks.map((t, i) => (
          <g key={i}>
            <line x1={x(t)} x2={x(t)} y1={PAD.top + rows.length * ROW} y2={PAD.top + rows.length * ROW + 5} className="stroke-slate-700" />
            <text x={x(t)} y={PAD.top + rows.length * ROW + 18} textAnchor="middle" className="fill-slate-700 text-[11px]">
              {fmt(t)}
            </text>
          </g>
        ))}
        <text x={PAD.left + plotW / 2} y={height - 4} textAnchor="middle" className="fill-slate-700 text-[11px]">
          weighted score (dot) and 95% bootstrap interval (line)
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">
        Shading alternates by band: models in one band are not separated from their neighbours by the paired bootstrap ({report.resamples.toLocaleString("en-GB")}{" "}
        resamples, seed {report.seed}).
      </figcaption>
    </figure>
  );
}
