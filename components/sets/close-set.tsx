"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { closeSetAction } from "@/lib/actions/sets";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, secondaryButtonClass } from "@/components/ui/styles";

/** Closing asks once more: it locks every label of the set. */
export function CloseSet({ setId }: { setId: number }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: closeSetAction,
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  return (
    <div className="space-y-3">
      {confirming ? (
        <div role="group" aria-labelledby="close-question" className="flex flex-wrap items-center gap-3">
          <p id="close-question" className="text-slate-800">
            Close the set? Clinicians will no longer be able to change any label.
          </p>
          <button type="button" className={buttonClass} disabled={close.isPending} onClick={() => close.mutate({ setId })}>
            {close.isPending ? "Closing…" : "Yes, close the set"}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
            Keep it open
          </button>
        </div>
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
          Close the set…
        </button>
      )}
      <ActionFeedback result={close.data} error={close.error} success="The set is closed: its labels are locked." />
    </div>
  );
}
