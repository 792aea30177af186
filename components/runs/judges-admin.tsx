"use client";

import { createJudgeAction, updateJudgeAction } from "@/lib/actions/runs-config";
import { SimulatedTag } from "@/components/ui/simulated-tag";
import type { JudgeView } from "@/lib/server/models/read";
import { ConfigList } from "./config-list";
import { DecodingForm, decodingSettings, formPrefix, type EndpointChoice } from "./decoding-fields";
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
      tag={(j) => (j.simulated ? <SimulatedTag /> : null)}
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
  return (
    <DecodingForm
      what="judge"
      current={judge}
      endpoints={endpoints}
      idLabel="Judge id"
      idHint="The judge id its verdicts carry, e.g. qwen3-32b-judge."
      defaultMaxTokens={defaults.maxTokens}
      create={createJudgeAction}
      update={updateJudgeAction}
      fields={(form) => ({ template: { name: text(form, "templateName"), body: text(form, "templateBody") } })}
    >
      <TemplateEditor
        prefix={formPrefix("judge", judge)}
        name={judge?.template.name ?? defaults.templateName}
        body={judge?.template.body ?? defaults.templateBody}
        sets={sets}
      />
    </DecodingForm>
  );
}
