"use client";

import { WordDiff } from "./word-diff";
import { Notice } from "@/components/ui/notice";
import { buttonClass, secondaryButtonClass } from "@/components/ui/styles";
import { diffTexts } from "@/lib/rubric/diff";
import type { ReferenceVersionView } from "@/lib/server/authoring/references";

interface Props {
  message: string;
  theirs: ReferenceVersionView;
  mine: string;
  onUse: (text: string, baseVersion: number) => void;
}

/** A refused reference publish: both texts side by side, word by word; the author keeps either and edits on. */
export function ReferenceConflict({ message, theirs, mine, onUse }: Props) {
  const words = diffTexts(theirs.text, mine);
  return (
    <section aria-labelledby="reference-conflict-heading" className="space-y-4 rounded-lg border-2 border-red-300 bg-white p-5">
      <h2 id="reference-conflict-heading" className="text-lg font-semibold text-slate-900">
        Not published: {theirs.authorName} published version {theirs.version} while you were editing
      </h2>
      <Notice tone="error">{message}</Notice>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold">Version {theirs.version} by {theirs.authorName}</h3>
          <p className="whitespace-pre-wrap rounded-md border border-slate-200 p-3">
            <WordDiff words={words} side="before" />
          </p>
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Your draft</h3>
          <p className="whitespace-pre-wrap rounded-md border border-slate-200 p-3">
            <WordDiff words={words} side="after" />
          </p>
        </div>
      </div>
      <p className="text-slate-700">Keep one text on top of version {theirs.version}, then edit it to take what you need from the other.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass} onClick={() => onUse(mine, theirs.version)}>
          Keep my text
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => onUse(theirs.text, theirs.version)}>
          Take version {theirs.version}&apos;s text
        </button>
      </div>
    </section>
  );
}
