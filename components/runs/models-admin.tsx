"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { createTargetModelAction, updateTargetModelAction } from "@/lib/actions/runs-config";
import type { TargetModelView } from "@/lib/server/models/read";
import { ConfigList } from "./config-list";
import { DecodingFields, decodingFrom, decodingSettings, FixedNotice, type EndpointChoice } from "./decoding-fields";
import { text } from "./fields";

export interface TargetDefaults {
  maxTokens: number;
  systemPrompt: string;
}

export function ModelsAdmin({ models, endpoints, defaults }: { models: TargetModelView[]; endpoints: EndpointChoice[]; defaults: TargetDefaults }) {
  return (
    <ConfigList
      noun="target model"
      items={models}
      title={(m) => m.id}
      settings={[...decodingSettings, { label: "System prompt", value: (m) => m.systemPrompt }, { label: "Run calls", value: (m) => m.calls.toLocaleString("en") }]}
      form={(m) => <ModelForm model={m} endpoints={endpoints} defaults={defaults} />}
    />
  );
}

function ModelForm({ model, endpoints, defaults }: { model: TargetModelView | null; endpoints: EndpointChoice[]; defaults: TargetDefaults }) {
  const mutation = useMutation({ mutationFn: model ? updateTargetModelAction : createTargetModelAction });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    mutation.mutate({ ...decodingFrom(form), systemPrompt: text(form, "systemPrompt") }, { onSuccess: (result) => result.ok && !model && formElement.reset() });
  }
  const prefix = model ? `model-${model.id}` : "model-new";
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FixedNotice calls={model?.calls ?? 0} what="target model" />
      <DecodingFields
        prefix={prefix}
        idLabel="Model id"
        idHint="The model id its responses carry, e.g. llama-3.1-8b."
        current={model}
        endpoints={endpoints}
        defaultMaxTokens={defaults.maxTokens}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-systemPrompt`} className={labelClass}>
          System prompt
        </label>
        <textarea id={`${prefix}-systemPrompt`} name="systemPrompt" rows={3} required defaultValue={model?.systemPrompt ?? defaults.systemPrompt} className={inputClass} />
      </div>
      <div className="space-y-3 sm:col-span-2">
        <button type="submit" disabled={mutation.isPending} className={buttonClass}>
          {model ? "Save target model" : "Add target model"}
        </button>
        <ActionFeedback result={mutation.data} error={mutation.error} success={model ? "Target model saved." : "Target model added."} />
      </div>
    </form>
  );
}
