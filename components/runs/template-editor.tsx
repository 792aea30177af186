"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { Notice } from "@/components/ui/notice";
import { inputClass, labelClass } from "@/components/ui/styles";
import { previewJudgeTemplateAction } from "@/lib/actions/runs-config";
import type { TemplatePreview } from "@/lib/server/models/previewJudgeTemplate";
import { Field } from "./fields";

export interface SetChoice {
  id: number;
  name: string;
}

/**
 * A judge's prompt template: its name and body, the body's problems and the messages
 * it gives on a real unit, previewed on the server as the lead types.
 */
export function TemplateEditor({ prefix, name, body, sets }: { prefix: string; name: string; body: string; sets: SetChoice[] }) {
  const [text, setText] = useState(body);
  const [setId, setSetId] = useState("");
  const preview = useMutation({ mutationFn: previewJudgeTemplateAction });
  const { mutate } = preview;
  useEffect(() => {
    const timer = setTimeout(() => mutate({ body: text, setId }), 400);
    return () => clearTimeout(timer);
  }, [text, setId, mutate]);
  const id = (field: string) => `${prefix}-${field}`;
  return (
    <fieldset className="space-y-4 sm:col-span-2">
      <legend className="text-base font-semibold text-slate-900">Prompt template</legend>
      <Field
        id={id("template-name")}
        name="templateName"
        label="Template name"
        required
        defaultValue={name}
        hint="Saving a body this template has no version of writes its next version; versions never change."
      />
      <div>
        <label htmlFor={id("template-body")} className={labelClass}>
          Template
        </label>
        <textarea
          id={id("template-body")}
          name="templateBody"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={16}
          spellCheck={false}
          aria-describedby={id("template-hint")}
          className={`${inputClass} font-mono text-sm`}
        />
        <p id={id("template-hint")} className="mt-1 text-sm text-slate-600">
          A line <code>[system]</code>, then a line <code>[user]</code>; <code>{"{{dialogue}}"}</code> and <code>{"{{criterion}}"}</code> are required,{" "}
          <code>{"{{dimension}}"}</code> is optional.
        </p>
      </div>
      <section aria-labelledby={id("preview")} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={id("preview")} className="font-semibold text-slate-900">
            Preview on a real unit
          </h3>
          <div>
            <label htmlFor={id("preview-set")} className={labelClass}>
              Unit from
            </label>
            <select id={id("preview-set")} value={setId} onChange={(e) => setSetId(e.target.value)} className={inputClass}>
              <option value="">the first calibration set</option>
              {sets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {preview.data?.ok ? <PreviewView preview={preview.data.data} /> : <ActionFeedback result={preview.data} error={preview.error} success="" />}
      </section>
    </fieldset>
  );
}

function PreviewView({ preview }: { preview: TemplatePreview }) {
  if (!preview.ok) {
    return (
      <Notice tone="error" title="The template cannot be used yet">
        <ul className="list-disc pl-5">
          {preview.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Notice>
    );
  }
  const { unit } = preview;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Response <code>{unit.responseId}</code> of item <code>{unit.itemId}</code>, criterion <code>{unit.criterionId}</code> (rubric version {unit.rubricVersion})
        {unit.set ? `, from the set ${unit.set.name}` : ""}.
      </p>
      {preview.messages.map((message) => (
        <div key={message.role}>
          <p className="text-sm font-semibold text-slate-800">{message.role === "system" ? "System message" : "User message"}</p>
          <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-900" tabIndex={0}>
            {message.content}
          </pre>
        </div>
      ))}
    </div>
  );
}
