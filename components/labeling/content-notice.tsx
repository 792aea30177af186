"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { acknowledgeNoticeAction } from "@/lib/actions/labeling";
import { Notice } from "@/components/ui/notice";
import { buttonClass, cardClass } from "@/components/ui/styles";

/**
 * Shown before a clinician's first response of a set (or conversation of a flow study,
 * with that study's `acknowledge` action): what they will read, and how to look after themselves.
 */
export function ContentNotice({ setId, acknowledge = acknowledgeNoticeAction }: { setId: number; acknowledge?: typeof acknowledgeNoticeAction }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="notice-heading" className={cardClass}>
      <h2 id="notice-heading" className="text-lg font-semibold text-slate-900">
        Before you begin: a content notice
      </h2>
      <div className="mt-3 max-w-prose space-y-3 text-slate-700">
        <p>
          The dialogues in this set are written to resemble people in real distress. They describe suicidal thoughts, self-harm,
          hopelessness and loss, sometimes from young people, and some of the assistant replies handle them poorly.
        </p>
        <p>
          You can stop at any moment: every verdict is saved the moment you give it, and your queue resumes where you stopped. After
          a long stretch Concord will suggest a break. If something you read stays with you, the{" "}
          <Link href="/support" className="font-medium text-accent-strong underline underline-offset-2">
            support resources
          </Link>{" "}
          are one click away at the top of every page.
        </p>
      </div>
      <div className="mt-5 space-y-3">
        <button
          type="button"
          disabled={pending}
          className={buttonClass}
          onClick={() =>
            start(async () => {
              const result = await acknowledge({ setId });
              if (result && !result.ok) setError(result.error);
            })
          }
        >
          {pending ? "Opening…" : "I understand — show the first response"}
        </button>
        {error ? <Notice tone="error">{error}</Notice> : null}
      </div>
    </section>
  );
}
