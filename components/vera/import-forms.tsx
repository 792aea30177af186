"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition, type ReactNode } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, cardClass, inputClass, labelClass } from "@/components/ui/styles";
import { importClinicianRatingsAction, importConversationsAction, importFlowRubricAction, importJudgeResultsAction, importPersonasAction } from "@/lib/actions/vera";
import type { ActionResult } from "@/lib/auth/respond";

type Uploaded = { name: string; text: string };

interface FormProps<T> {
  title: string;
  description: ReactNode;
  fileLabel: string;
  accept: string;
  multiple?: boolean;
  fields?: { name: string; label: string; required?: boolean; hint?: string }[];
  send: (files: Uploaded[], fields: Record<string, string>) => Promise<ActionResult<T>>;
  done: (data: T) => string;
}

/** One upload form: reads the chosen files as text, sends them, and lists every problem the import names. */
function FileImportForm<T>({ title, description, fileLabel, accept, multiple, fields = [], send, done }: FormProps<T>) {
  const id = useId();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<T>>();
  const [error, setError] = useState<Error | null>(null);
  const submit = (data: FormData) =>
    start(async () => {
      const files = await Promise.all(data.getAll("files").filter((f): f is File => f instanceof File && f.name !== "").map(async (f) => ({ name: f.name, text: await f.text() })));
      const values = Object.fromEntries(fields.map((f) => [f.name, String(data.get(f.name) ?? "")]));
      setError(null);
      try {
        const answer = await send(files, values);
        setResult(answer);
        if (answer.ok) {
          form.current?.reset();
          router.refresh();
        }
      } catch (failure) {
        setError(failure instanceof Error ? failure : new Error(String(failure)));
      }
    });
  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-1 max-w-prose text-sm text-slate-600">{description}</div>
      <form ref={form} action={submit} className="mt-4 space-y-4">
        {fields.map((f) => (
          <div key={f.name}>
            <label htmlFor={`${id}-${f.name}`} className={labelClass}>
              {f.label}
            </label>
            <input id={`${id}-${f.name}`} name={f.name} required={f.required} className={inputClass} aria-describedby={f.hint ? `${id}-${f.name}-hint` : undefined} />
            {f.hint ? (
              <p id={`${id}-${f.name}-hint`} className="mt-1 text-xs text-slate-600">
                {f.hint}
              </p>
            ) : null}
          </div>
        ))}
        <div>
          <label htmlFor={`${id}-files`} className={labelClass}>
            {fileLabel}
          </label>
          <input
            id={`${id}-files`}
            name="files"
            type="file"
            accept={accept}
            multiple={multiple}
            required
            className="block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? "Importing…" : "Import"}
        </button>
      </form>
      <div className="mt-4">
        <ActionFeedback result={result} error={error} success={result?.ok ? done(result.data) : ""} />
      </div>
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function RubricImportForm() {
  return (
    <FileImportForm
      title="Import a flow rubric"
      description={<p>A VERA-MH <code>rubric.tsv</code>. Importing under a name that exists adds its next version.</p>}
      fileLabel="Rubric file (.tsv)"
      accept=".tsv,text/tab-separated-values,text/plain"
      fields={[{ name: "name", label: "Rubric name", required: true }]}
      send={([file], { name }) => importFlowRubricAction({ name, file })}
      done={(r) => (r.created ? `${r.name} version ${r.version} imported: ${plural(r.questions, "question", "questions")}.` : `${r.name} version ${r.version} is already this file: nothing changed.`)}
    />
  );
}

export function ConversationImportForm() {
  return (
    <FileImportForm
      title="Import conversations"
      description={
        <p>
          VERA-MH transcripts (<code>{"{id}_{Persona}_{usermodel}_run{N}.txt"}</code>), one or many. The file name gives the id, persona and user
          model; the provider model and the persona&apos;s risk level apply to every file of this upload.
        </p>
      }
      fileLabel="Transcript files (.txt)"
      accept=".txt,text/plain"
      multiple
      fields={[
        { name: "providerModel", label: "Provider model", hint: "The evaluated model. Clinicians never see it." },
        { name: "riskLevel", label: "Persona risk level (optional)", hint: "For example None, Low or High." },
      ]}
      send={(files, fields) => importConversationsAction({ files, ...fields })}
      done={(r) => `${plural(r.created, "conversation", "conversations")} imported${r.unchanged > 0 ? `, ${r.unchanged} already there` : ""}.`}
    />
  );
}

export function JudgeResultsImportForm() {
  return (
    <FileImportForm
      title="Import judge results"
      description={<p>A VERA-MH <code>results.csv</code>: one row per conversation and judge instance.</p>}
      fileLabel="Results file (.csv)"
      accept=".csv,text/csv,text/plain"
      send={([file]) => importJudgeResultsAction({ file })}
      done={(r) => `${plural(r.created, "judge rating", "judge ratings")} imported${r.unchanged > 0 ? `, ${r.unchanged} already there` : ""} (${r.judges.join(", ")}).`}
    />
  );
}

const NO_FILE = { name: "(missing)", text: "" };

export function PersonasImportForm() {
  return (
    <FileImportForm
      title="Import personas"
      description={
        <p>
          VERA-MH&apos;s <code>personas.tsv</code> and the persona prompt template (<code>.txt</code>) a user model role-plays them with, chosen together.
          The template&apos;s <code>{"{Column}"}</code> placeholders name the personas&apos; columns. Importing under a name that exists adds its next version.
        </p>
      }
      fileLabel="Personas (.tsv) and template (.txt)"
      accept=".tsv,.txt,text/tab-separated-values,text/plain"
      multiple
      fields={[{ name: "name", label: "Persona set name", required: true }]}
      send={(files, { name }) =>
        importPersonasAction({ name, personas: files.find((f) => /\.tsv$/i.test(f.name)) ?? NO_FILE, template: files.find((f) => !/\.tsv$/i.test(f.name)) ?? NO_FILE })
      }
      done={(r) =>
        `${r.created ? `${r.name} version ${r.version} imported: ${plural(r.personas, "persona", "personas")}.` : `${r.name} version ${r.version} is already these files: nothing changed.`}${r.warnings.length > 0 ? ` Warnings: ${r.warnings.join("; ")}` : ""}`
      }
    />
  );
}

export function RatingsImportForm({ studyId }: { studyId: number }) {
  return (
    <FileImportForm
      title="Import clinician ratings"
      description={<p>VERA-MH&apos;s human-validation CSV: one row per clinician and conversation, a rating per dimension.</p>}
      fileLabel="Ratings file (.csv)"
      accept=".csv,text/csv,text/plain"
      send={([file]) => importClinicianRatingsAction({ studyId, file })}
      done={(r) => `${plural(r.created, "rating", "ratings")} imported${r.unchanged > 0 ? `, ${r.unchanged} already there` : ""}${r.warnings.length > 0 ? `; ${plural(r.warnings.length, "warning", "warnings")}: ${r.warnings.join("; ")}` : ""}.`}
    />
  );
}
