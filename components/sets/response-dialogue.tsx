"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DialogueTurns } from "@/components/labeling/dialogue-turns";
import { apiFetch } from "@/lib/http/apiFetch";
import type { SetResponse } from "@/lib/server/sets/getSetResponse";

/** A response id that opens in place: the dialogue with its graded turn, under the criterion it was judged on (lead only). */
export function ResponseDialogue({ setId, response, criterion }: { setId: number; response: string; criterion: string }) {
  const [open, setOpen] = useState(false);
  const loaded = useQuery({
    queryKey: ["set-response", setId, response],
    queryFn: () => apiFetch<SetResponse>(`/api/sets/${setId}/responses/${encodeURIComponent(response)}`),
    enabled: open,
  });
  const result = loaded.data;
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-accent-strong underline underline-offset-2">
        Read <span className="font-mono">{response}</span>
      </summary>
      <div className="mt-2 max-w-2xl space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p className="text-sm">
          <span className="font-semibold text-slate-900">Criterion:</span> {criterion}
        </p>
        {loaded.isError ? (
          <p role="alert" className="text-sm text-red-800">{loaded.error.message}</p>
        ) : !result ? (
          <p className="text-sm text-slate-600">Loading the dialogue…</p>
        ) : (
          <>
            <p className="text-xs text-slate-600">
              {result.item} · model <span className="font-mono">{result.model}</span>
            </p>
            <DialogueTurns turns={result.turns} gradedLabel="Assistant — the graded turn" />
          </>
        )}
      </div>
    </details>
  );
}
