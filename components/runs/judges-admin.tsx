"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass } from "@/components/ui/styles";
import { createJudgeAction, updateJudgeAction } from "@/lib/actions/runs-config";
import type { JudgeView } from "@/lib/server/models/read";
import { ConfigList } from "./config-list";
import { DecodingFields, decodingFrom, decodingSettings, FixedNotice, type EndpointChoice } from "./decoding-fields";
import { text } from "./fields";
import { TemplateEditor, type SetChoice } from "./template-editor";

export interface JudgeDefaults {
  maxTokens: number;
  templateName: string;
  templateBody: string;
}

export function JudgesAdmin({ judges, endpoints, sets, defaults }: { judges: JudgeView[]; endpoints: EndpointChoice[]; sets: SetChoice[]; defaults: JudgeDefaults }) {
  return (
    <ConfigList
      noun="judge"
      items={judges}
      title={(j) => j.id}
      settings={[
        ...decodingSettings,
        { label: "Template", value: (j) => `${j.template.name} v${j.template.version} (${j.template.sha256.slice(0, 12)})` },
        { label: "Run calls", value: (j) => j.calls.toLocaleString("en") },
      ]}
      form={(j) => <JudgeForm judge={j} endpoints={endpoints} sets={sets} defaults={defaults} />}
    />
  );
}

function JudgeForm({ judge, endpoints, sets, defaults }: { judge: JudgeView | null; endpoints: EndpointChoice[]; sets: SetChoice[]; defaults: JudgeDefaults }) {
  const mutation = useMutation({ mutationFn: judge ? updateJudgeAction : createJudgeAction });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    mutation.mutate({ ...decodingFrom(form), template: { name: text(form, "templateName"), body: text(form, "templateBody") } });
  }
  const prefix = judge ? `judge-${judge.id}` : "judge-new";
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FixedNotice calls={judge?.calls ?? 0} what="judge" />
      <DecodingFields
        prefix={prefix}
        idLabel="Judge id"
        idHint="The judge id its verdicts carry, e.g. qwen3-32b-judge."
        current={judge}
        endpoints={endpoints}
        defaultMaxTokens={defaults.maxTokens}
      />
      <TemplateEditor prefix={prefix} name={judge?.template.name ?? defaults.templateName} body={judge?.template.body ?? defaults.templateBody} sets={sets} />
      <div className="space-y-3 sm:col-span-2">
        <button type="submit" disabled={mutation.isPending} className={buttonClass}>
          {judge ? "Save judge" : "Add judge"}
        </button>
        <ActionFeedback result={mutation.data} error={mutation.error} success={judge ? "Judge saved." : "Judge added."} />
      </div>
    </form>
  );
}
