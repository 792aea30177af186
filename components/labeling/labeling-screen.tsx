"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { secondaryButtonClass } from "@/components/ui/styles";
import { actionFor } from "@/lib/labeling/keys";
import type { LabelingView } from "@/lib/server/labeling/getLabelingView";
import { BreakReminder, useBreakReminder } from "./break-reminder";
import { CriterionFlag } from "./criterion-flag";
import { CriterionItem } from "./criterion-item";
import { Dialogue } from "./dialogue";
import { labelSyncFor, unitKey, type SyncSnapshot, type Verdict } from "./label-sync";
import { SaveSummary } from "./save-summary";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { SkipPanel } from "./skip-panel";
import { SkippedCount } from "./skipped-count";

const EMPTY: SyncSnapshot = { values: new Map(), states: new Map() };
const noSubscription = () => () => {};

interface Props {
  view: LabelingView;
  userId: string;
  breakMinutes: number;
}

/** The keyboard-first labeling screen for one response of the clinician's queue. */
export function LabelingScreen({ view, userId, breakMinutes }: Props) {
  const router = useRouter();
  const { set, number, total, criteria } = view;
  // The store lives in the browser only; the server renders the labels as loaded.
  const sync = typeof window === "undefined" ? null : labelSyncFor(userId, set.id);
  const snapshot = useSyncExternalStore(sync?.subscribe ?? noSubscription, sync?.getSnapshot ?? (() => EMPTY), () => EMPTY);
  const readOnly = set.status === "closed";

  const storedValue = (i: number): Verdict | null => {
    const c = criteria[i];
    return c.verdict === null ? null : { verdict: c.verdict, rationale: c.rationale };
  };
  const valueOf = (i: number): Verdict | null => {
    const key = unitKey(number, criteria[i].id);
    return snapshot.values.has(key) ? (snapshot.values.get(key) ?? null) : storedValue(i);
  };
  // Where the response resumes: its first criterion without a verdict, as the page was loaded.
  const resumeAt = Math.max(0, criteria.findIndex((c) => c.verdict === null));
  const [current, setCurrent] = useState(resumeAt);
  const [editing, setEditing] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const breaks = useBreakReminder(userId, breakMinutes);

  const queueHref = `/queue/${set.id}`;
  const responseHref = (n: number) => (n < 1 || n > total ? queueHref : `/label/${set.id}/${n}`);

  const focusCriterion = (i: number) => {
    const next = Math.min(Math.max(i, 0), criteria.length - 1);
    setCurrent(next);
    items.current[next]?.focus();
    items.current[next]?.scrollIntoView({ block: "nearest" });
  };

  const give = (i: number, verdict: boolean) => {
    if (readOnly || !sync) return setHint("This set is closed, so its labels can no longer change.");
    setHint(null);
    sync.give(number, criteria[i].id, { verdict, rationale: valueOf(i)?.rationale ?? null }, storedValue(i));
    breaks.recordActivity();
  };

  const editRationale = (i: number) => {
    if (readOnly) return setHint("This set is closed, so its labels can no longer change.");
    if (!valueOf(i)) return setHint("Choose Satisfied or Not satisfied first, then add a rationale.");
    setHint(null);
    setCurrent(i);
    setEditing(i);
  };

  const saveRationale = (i: number, text: string | null) => {
    if (editing !== i) return;
    setEditing(null);
    const value = valueOf(i);
    if (sync && value && text !== value.rationale) {
      sync.give(number, criteria[i].id, { verdict: value.verdict, rationale: text }, storedValue(i));
      breaks.recordActivity();
    }
    items.current[i]?.focus();
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || helpOpen) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (target?.closest("textarea, input, select, [contenteditable='true']")) return;
    const action = actionFor(event);
    if (!action) return;
    event.preventDefault();
    switch (action) {
      case "next-criterion":
        return focusCriterion(current + 1);
      case "previous-criterion":
        return focusCriterion(current - 1);
      case "satisfied":
      case "not-satisfied":
        give(current, action === "satisfied");
        if (!readOnly && current < criteria.length - 1) focusCriterion(current + 1);
        return;
      case "rationale":
        return editRationale(current);
      case "next-response":
        return router.push(responseHref(number + 1));
      case "previous-response":
        if (number > 1) router.push(responseHref(number - 1));
        return;
      case "help":
        return setHelpOpen(true);
    }
  });
  useEffect(() => sync?.flush(), [sync]);
  // Resuming lands on the first criterion without a verdict: bring it into view.
  useEffect(() => {
    if (resumeAt > 0) items.current[resumeAt]?.scrollIntoView({ block: "center" });
  }, [resumeAt]);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  // Live progress: this response's verdicts given since the page loaded count at once.
  const labeledBefore = criteria.filter((c) => c.verdict !== null).length;
  const labeledNow = criteria.filter((_, i) => valueOf(i) !== null).length;
  const wasDone = labeledBefore === criteria.length;
  const isDone = labeledNow === criteria.length;
  const progress = {
    ...view.progress,
    criteriaDone: view.progress.criteriaDone + labeledNow - labeledBefore,
    responsesDone: view.progress.responsesDone + (isDone && !wasDone && !view.skip ? 1 : 0),
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">
            <Link href={queueHref} className="underline underline-offset-2">
              {set.name}
            </Link>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            Response {number} of {total}
          </h1>
        </div>
        <nav aria-label="Responses" className="flex flex-wrap items-center gap-2">
          {number > 1 ? (
            <Link href={responseHref(number - 1)} className={secondaryButtonClass} aria-keyshortcuts="ArrowLeft [">
              ← Previous
            </Link>
          ) : null}
          <Link href={responseHref(number + 1)} className={secondaryButtonClass} aria-keyshortcuts="ArrowRight ]">
            {number < total ? "Next →" : "Back to my queue"}
          </Link>
          <button type="button" onClick={() => setHelpOpen(true)} className={secondaryButtonClass} aria-keyshortcuts="?">
            Keyboard shortcuts <kbd aria-hidden className="ml-1 font-mono text-xs">?</kbd>
          </button>
        </nav>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Progress label="Responses done" done={progress.responsesDone} total={progress.responsesTotal} />
        <Progress label="Criteria labeled" done={progress.criteriaDone} total={progress.criteriaTotal} />
        <SkippedCount skipped={progress.responsesSkipped} />
      </div>

      {readOnly ? <Notice tone="info" title="This set is closed">The lead has closed this calibration set, so its labels are locked. You can still read your verdicts.</Notice> : null}
      <SkipPanel setId={set.id} number={number} skip={view.skip} readOnly={readOnly} nextHref={responseHref(number + 1)} />
      {breaks.due ? <BreakReminder minutes={breakMinutes} queueHref={queueHref} onKeepGoing={breaks.snooze} /> : null}

      <div className="grid items-start gap-8 lg:grid-cols-2">
        <Dialogue turns={view.turns} age={view.age} />
        <section aria-labelledby="criteria-heading">
          <h2 id="criteria-heading" className="text-lg font-semibold text-slate-900">
            Criteria
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Does the last assistant turn satisfy each criterion? Press <kbd className="font-mono">?</kbd> for the keys.
          </p>
          <div className="mt-2">
            <SaveSummary states={snapshot.states} />
          </div>
          {hint ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {hint}
            </p>
          ) : null}
          <ol className="mt-3 space-y-3">
            {criteria.map((c, i) => (
              <CriterionItem
                key={c.id}
                index={i}
                count={criteria.length}
                id={c.id}
                dimension={c.dimension}
                text={c.text}
                value={valueOf(i)}
                save={snapshot.states.get(unitKey(number, c.id)) ?? null}
                current={i === current}
                readOnly={readOnly}
                editing={editing === i}
                itemRef={(element) => {
                  items.current[i] = element;
                }}
                onSelect={() => setCurrent(i)}
                onVerdict={(verdict) => {
                  setCurrent(i);
                  give(i, verdict);
                }}
                onEdit={() => editRationale(i)}
                onRationale={(text) => saveRationale(i, text)}
                flag={<CriterionFlag setId={set.id} number={number} criterionId={c.id} base={`criterion-${i}`} flag={c.flag} readOnly={readOnly} />}
              />
            ))}
          </ol>
          {isDone ? (
            <p className="mt-4 text-sm text-slate-700">
              Every criterion of this response has a verdict.{" "}
              <Link href={responseHref(number + 1)} className="font-semibold text-accent-strong underline underline-offset-2">
                {number < total ? "Go to the next response" : "Back to my queue"}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
