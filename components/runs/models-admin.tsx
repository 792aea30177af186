"use client";

import { SimulatedTag } from "@/components/ui/simulated-tag";
import { inputClass, labelClass } from "@/components/ui/styles";
import { createTargetModelAction, updateTargetModelAction } from "@/lib/actions/runs-config";
import type { TargetModelView } from "@/lib/server/models/read";
import { ConfigList } from "./config-list";
import { DecodingForm, decodingSettings, formPrefix, type EndpointChoice } from "./decoding-fields";
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
      tag={(m) => (m.simulated ? <SimulatedTag /> : null)}
      settings={[...decodingSettings, { label: "System prompt", value: (m) => m.systemPrompt }, { label: "Run calls", value: (m) => m.calls.toLocaleString("en") }]}
      form={(m) => <ModelForm model={m} endpoints={endpoints} defaults={defaults} />}
    />
  );
}

function ModelForm({ model, endpoints, defaults }: { model: TargetModelView | null; endpoints: EndpointChoice[]; defaults: TargetDefaults }) {
  const id = `${formPrefix("target model", model)}-systemPrompt`;
  return (
    <DecodingForm
      what="target model"
      current={model}
      endpoints={endpoints}
      idLabel="Model id"
      idHint="The model id its responses carry, e.g. llama-3.1-8b."
      defaultMaxTokens={defaults.maxTokens}
      create={createTargetModelAction}
      update={updateTargetModelAction}
      fields={(form) => ({ systemPrompt: text(form, "systemPrompt") })}
    >
      <div className="sm:col-span-2">
        <label htmlFor={id} className={labelClass}>
          System prompt
        </label>
        <textarea id={id} name="systemPrompt" rows={3} required defaultValue={model?.systemPrompt ?? defaults.systemPrompt} className={inputClass} />
      </div>
    </DecodingForm>
  );
}
