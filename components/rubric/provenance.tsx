import type { Provenance } from "@/lib/rubric/revisionStats";

/** Where a criterion came from, and for a drafted one whether it is still as the model drafted it. */
export function provenanceText(provenance: Provenance | null, keptAsDrafted: boolean | null): string {
  if (provenance === null) return "New, not saved yet";
  if (provenance === "person") return "Written by a person";
  return keptAsDrafted ? "Drafted by a model, kept as drafted" : "Drafted by a model, revised";
}

export function ProvenanceBadge({ provenance, keptAsDrafted }: { provenance: Provenance | null; keptAsDrafted: boolean | null }) {
  const tone = provenance === "model" ? "bg-sky-50 text-sky-900 border-sky-200" : "bg-slate-50 text-slate-700 border-slate-200";
  return <span className={`inline-block rounded border px-1.5 py-0.5 text-xs ${tone}`}>{provenanceText(provenance, keptAsDrafted)}</span>;
}
