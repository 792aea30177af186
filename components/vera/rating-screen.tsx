"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from "react";
import { BreakReminder, useBreakReminder } from "@/components/labeling/break-reminder";
import { Progress } from "@/components/ui/progress";
import { secondaryButtonClass } from "@/components/ui/styles";
import { CATEGORY_NAMES } from "@/lib/flow/categories";
import { compileFlow, type FlowGraph } from "@/lib/flow/flowGraph";
import type { RubricQuestion } from "@/lib/flow/rubric";
import { walkFlow } from "@/lib/flow/walk";
import type { RatingView } from "@/lib/server/vera/getRatingView";
import { SaveLine, useRatingOutbox } from "./rating-outbox";
import { Transcript } from "./transcript";

interface Props {
  view: RatingView;
  userId: string;
  breakMinutes: number;
}

const isTyping = (event: KeyboardEvent) => event.target instanceof HTMLElement && event.target.closest("textarea, input, select, [contenteditable='true']") !== null;

/** The keyboard-first screen for one conversation of the clinician's queue, in the study's mode. */
export function RatingScreen({ view, userId, breakMinutes }: Props) {
  const router = useRouter();
  const { study, number, total } = view;
  const outbox = useRatingOutbox(userId, study.id);
  const breaks = useBreakReminder(userId, breakMinutes);
  const queueHref = `/conversations/${study.id}`;
  const href = (n: number) => (n < 1 || n > total ? queueHref : `/conversations/${study.id}/${n}`);
  const [done, setDone] = useState(() => view.dimensions.every((d) => d.rating !== null));

  const onNavigate = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || isTyping(event)) return;
    if (event.key === "ArrowRight" || event.key === "]" || (event.key === "Enter" && done)) {
      event.preventDefault();
      router.push(href(number + 1));
    } else if ((event.key === "ArrowLeft" || event.key === "[") && number > 1) {
      event.preventDefault();
      router.push(href(number - 1));
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onNavigate(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const progressDone = view.progress.done + (done && !view.dimensions.every((d) => d.rating !== null) ? 1 : 0);
  const record = () => breaks.recordActivity();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">
            <Link href={queueHref} className="underline underline-offset-2">
              {study.name}
            </Link>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            Conversation {number} of {total}
          </h1>
        </div>
        <nav aria-label="Conversations" className="flex flex-wrap items-center gap-2">
          {number > 1 ? (
            <Link href={href(number - 1)} className={secondaryButtonClass} aria-keyshortcuts="ArrowLeft [">
              ← Previous
            </Link>
          ) : null}
          <Link href={href(number + 1)} className={secondaryButtonClass} aria-keyshortcuts="ArrowRight ]">
            {number < total ? "Next →" : "Back to the study"}
          </Link>
        </nav>
      </div>
      <Progress label="Conversations rated" done={progressDone} total={view.progress.total} />
      {breaks.due ? <BreakReminder minutes={breakMinutes} queueHref={queueHref} onKeepGoing={breaks.snooze} /> : null}
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <Transcript turns={view.turns} ended={view.ended} />
        <section aria-labelledby="rating-heading" className="space-y-3">
          <h2 id="rating-heading" className="text-lg font-semibold text-slate-900">
            {study.mode === "direct" ? "Rate each dimension" : "The rubric's questions"}
          </h2>
          <SaveLine status={outbox.status} />
          {study.mode === "direct" ? (
            <DirectRating view={view} onRate={(dimension, category) => (outbox.send({ kind: "rating", studyId: study.id, number, dimension, category }), record())} onComplete={setDone} />
          ) : (
            <GuidedRating view={view} onAnswer={(questionId, answer) => (outbox.send({ kind: "answer", studyId: study.id, number, questionId, answer }), record())} onComplete={setDone} />
          )}
          {done ? (
            <p className="text-sm text-slate-700">
              Every dimension of this conversation is rated. Press <kbd className="font-mono">Enter</kbd> or{" "}
              <Link href={href(number + 1)} className="font-semibold text-accent-strong underline underline-offset-2">
                {number < total ? "go to the next conversation" : "go back to the study"}
              </Link>
              .
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

const RATING_HINTS = ["1", "2", "3", "4"];

/** Direct mode: each dimension rated with one of the four ratings; 1–4 rate the current one, ↑/↓ move. */
function DirectRating({ view, onRate, onComplete }: { view: RatingView; onRate: (dimension: number, category: number) => void; onComplete: (done: boolean) => void }) {
  const [ratings, setRatings] = useState(() => view.dimensions.map((d) => d.rating));
  const [current, setCurrent] = useState(() => Math.max(0, ratings.findIndex((r) => r === null)));
  const rate = (d: number, category: number) => {
    const next = ratings.map((r, i) => (i === d ? category : r));
    setRatings(next);
    onRate(d, category);
    onComplete(next.every((r) => r !== null));
    if (d < ratings.length - 1) setCurrent(d + 1);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || isTyping(event)) return;
    const digit = RATING_HINTS.indexOf(event.key);
    if (digit >= 0) {
      event.preventDefault();
      rate(current, digit);
    } else if (event.key === "ArrowDown" || event.key === "j") {
      event.preventDefault();
      setCurrent(Math.min(current + 1, ratings.length - 1));
    } else if (event.key === "ArrowUp" || event.key === "k") {
      event.preventDefault();
      setCurrent(Math.max(current - 1, 0));
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
  return (
    <>
      <p className="text-sm text-slate-600">
        Keys: <kbd className="font-mono">1</kbd>–<kbd className="font-mono">4</kbd> rate the marked dimension, <kbd className="font-mono">↑</kbd>/<kbd className="font-mono">↓</kbd> move,{" "}
        <kbd className="font-mono">Enter</kbd> opens the next conversation when all are rated.
      </p>
      <ol className="space-y-3">
        {view.dimensions.map((d, i) => (
          <li key={d.name} aria-current={i === current ? "true" : undefined} className={`rounded-lg border px-4 py-3 ${i === current ? "border-2 border-accent" : "border-slate-200"}`}>
            <fieldset>
              <legend className="font-semibold text-slate-900" onClick={() => setCurrent(i)}>
                {d.name}
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {CATEGORY_NAMES.map((name, k) => (
                  <button
                    key={name}
                    type="button"
                    aria-pressed={ratings[i] === k}
                    onClick={() => (setCurrent(i), rate(i, k))}
                    className={`rounded-md border px-2 py-1 text-sm ${ratings[i] === k ? "border-accent bg-accent text-white" : "border-slate-300 bg-white text-slate-800"}`}
                  >
                    <kbd aria-hidden className="mr-1 font-mono text-xs">
                      {k + 1}
                    </kbd>
                    {name}
                  </button>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Guided mode: the rubric's questions one at a time, with their examples; each answer
 * (Y/N, or the option's number) decides the next question by lib/flow's walker, and a
 * dimension's rating shows as soon as the walk has left it.
 */
function GuidedRating({ view, onAnswer, onComplete }: { view: RatingView; onAnswer: (questionId: string, answer: string) => void; onComplete: (done: boolean) => void }) {
  const rubric = view.rubric;
  const graph = useMemo(() => (rubric ? compileFlow(rubric) : null), [rubric]);
  const [answers, setAnswers] = useState<Record<string, string>>(view.answers);
  const [editing, setEditing] = useState<number | null>(null);
  const walk = useMemo(() => (graph ? walkFlow(graph, chooser(graph, answers, editing)) : null), [graph, answers, editing]);
  if (!rubric || !graph || !walk) return null;
  const complete = !("unanswered" in walk);
  const state = "unanswered" in walk ? walk.partial : walk;
  const current = "unanswered" in walk ? walk.unanswered : -1;
  const question = current >= 0 ? rubric.questions[current] : null;
  const decided = (d: number) => complete || (state.path.some((q) => graph.dimension[q] === d) && d !== graph.dimension[current]);

  const answer = (text: string) => {
    if (!question) return;
    const next = { ...answers, [question.id]: text };
    setAnswers(next);
    setEditing(null);
    onAnswer(question.id, text);
    onComplete(!("unanswered" in walkFlow(graph, chooser(graph, next, null))));
  };
  return (
    <GuidedKeys question={question} onAnswer={answer}>
      <ul aria-label="Dimensions" className="grid gap-1 text-sm sm:grid-cols-2">
        {rubric.dimensions.map((name, d) => (
          <li key={name} className="rounded border border-slate-200 px-2 py-1">
            <span className="font-medium">{name}</span>: {decided(d) ? <strong>{CATEGORY_NAMES[state.ratings[d]]}</strong> : <span className="text-slate-600">not decided yet</span>}
          </li>
        ))}
      </ul>
      {question ? (
        <div className="rounded-lg border-2 border-accent px-4 py-3" aria-live="polite">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {question.dimension} · question {question.id}
          </p>
          <p className="mt-1 font-semibold text-slate-900">{question.question}</p>
          {question.examples ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{question.examples}</p> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {question.options.map((o, i) => (
              <button key={o.answer} type="button" onClick={() => answer(o.answer)} className={secondaryButtonClass}>
                <kbd aria-hidden className="mr-1 font-mono text-xs">
                  {optionKeys(question.options.map((x) => x.answer))[i]}
                </kbd>
                {o.answer}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium">Your answers so far ({state.path.length - (question ? 1 : 0)})</summary>
        <ol className="mt-2 space-y-1 text-sm">
          {state.path
            .filter((q) => q !== current)
            .map((q) => (
              <li key={q}>
                {rubric.questions[q].question} — <strong>{graph.auto[q] ? `${rubric.questions[q].options[0].answer} (automatic)` : answers[graph.ids[q]]}</strong>{" "}
                {graph.auto[q] ? null : (
                  <button type="button" className="underline" onClick={() => setEditing(q)}>
                    Change
                  </button>
                )}
              </li>
            ))}
        </ol>
      </details>
    </GuidedKeys>
  );
}

/** The option each question was answered with (the walk stops at an unanswered one, or at `reopened`). */
function chooser(graph: FlowGraph, answers: Record<string, string>, reopened: number | null) {
  return (q: number) => {
    const given = answers[graph.ids[q]];
    if (given === undefined || q === reopened) return -1;
    const o = graph.optionKey.slice(graph.optionStart[q], graph.optionStart[q + 1]).indexOf(given.toLowerCase());
    return o < 0 ? -1 : graph.optionStart[q] + o;
  };
}

/** The key of each option: Y and N for Yes and No, else its number. */
function optionKeys(options: string[]): string[] {
  return options.map((o, i) => (o.toLowerCase() === "yes" ? "Y" : o.toLowerCase() === "no" ? "N" : String(i + 1)));
}

/** Y/N or an option's number answers the question shown. */
function GuidedKeys({ question, onAnswer, children }: { question: RubricQuestion | null; onAnswer: (answer: string) => void; children: ReactNode }) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!question || event.defaultPrevented || isTyping(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    const answers = question.options.map((o) => o.answer);
    const keys = optionKeys(answers);
    const byLetter = keys.indexOf(event.key.toUpperCase());
    const byNumber = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
    const pick = byLetter >= 0 ? byLetter : byNumber < answers.length ? byNumber : -1;
    if (pick < 0) return;
    event.preventDefault();
    onAnswer(answers[pick]);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
  return <div className="space-y-3">{children}</div>;
}
