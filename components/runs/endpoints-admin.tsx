"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { SimulatedTag } from "@/components/ui/simulated-tag";
import { inputClass, labelClass } from "@/components/ui/styles";
import { createEndpointAction, updateEndpointAction } from "@/lib/actions/runs-config";
import type { EndpointView } from "@/lib/server/endpoints/read";
import { ConfigList } from "./config-list";
import { Field, num, SubmitRow, text } from "./fields";
import { TestConnection } from "./test-connection";

const FORMATS = [
  { value: "json_schema", label: "JSON schema (vLLM, OpenAI, recent llama.cpp and Ollama)" },
  { value: "json_object", label: "JSON mode" },
  { value: "text", label: "Plain text, JSON read out of the answer" },
];

const price = (value: number | null) => (value === null ? "not set" : `$${value} per million`);

export function EndpointsAdmin({ endpoints }: { endpoints: EndpointView[] }) {
  return (
    <ConfigList
      noun="endpoint"
      items={endpoints}
      title={(e) => e.name}
      tag={(e) => (e.simulated ? <SimulatedTag /> : null)}
      settings={[
        { label: "Results", value: (e) => (e.simulated ? "simulated: Concord's demo simulator answers, no model runs" : "from the models it serves") },
        { label: "Base URL", value: (e) => <code>{e.baseUrl}</code> },
        { label: "Key", value: (e) => (e.apiKeyEnv ? `${e.apiKeyEnv} (${e.keySet ? "set" : "not set"})` : "none") },
        { label: "Answers as", value: (e) => e.responseFormat },
        { label: "Concurrency", value: (e) => e.maxConcurrency },
        { label: "Requests per minute", value: (e) => e.requestsPerMinute ?? "no limit" },
        { label: "Timeout", value: (e) => `${e.timeoutMs / 1000} s` },
        { label: "Input tokens", value: (e) => price(e.priceInputPerM) },
        { label: "Output tokens", value: (e) => price(e.priceOutputPerM) },
      ]}
      form={(e) => <EndpointForm endpoint={e} />}
      extra={(e) => <TestConnection endpoint={e} />}
    />
  );
}

function EndpointForm({ endpoint }: { endpoint: EndpointView | null }) {
  const mutation = useMutation({ mutationFn: endpoint ? updateEndpointAction : createEndpointAction });
  const id = (name: string) => `endpoint-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const fields = {
      name: text(form, "name"),
      baseUrl: text(form, "baseUrl"),
      apiKeyEnv: text(form, "apiKeyEnv"),
      maxConcurrency: num(form, "maxConcurrency"),
      requestsPerMinute: num(form, "requestsPerMinute"),
      timeoutMs: num(form, "timeoutMs"),
      priceInputPerM: num(form, "priceInputPerM"),
      priceOutputPerM: num(form, "priceOutputPerM"),
      responseFormat: text(form, "responseFormat"),
    };
    mutation.mutate(endpoint ? { id: endpoint.id, ...fields } : fields, { onSuccess: (result) => result.ok && !endpoint && formElement.reset() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field id={id("name")} name="name" label="Name" required defaultValue={endpoint?.name} />
      <Field
        id={id("baseUrl")}
        name="baseUrl"
        label="Base URL"
        type="url"
        required
        defaultValue={endpoint?.baseUrl}
        hint="OpenAI-compatible, usually ending in /v1: vLLM http://localhost:8000/v1, llama.cpp http://localhost:8080/v1, Ollama http://localhost:11434/v1."
      />
      <Field
        id={id("apiKeyEnv")}
        name="apiKeyEnv"
        label="Key variable"
        defaultValue={endpoint?.apiKeyEnv}
        hint="The name of the environment variable that holds the key, e.g. OPENAI_API_KEY; never the key itself. Empty for servers without a key."
      />
      <div>
        <label htmlFor={id("responseFormat")} className={labelClass}>
          Ask for JSON with
        </label>
        <select id={id("responseFormat")} name="responseFormat" defaultValue={endpoint?.responseFormat ?? "json_schema"} className={inputClass}>
          {FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <Field id={id("maxConcurrency")} name="maxConcurrency" label="Max concurrency" type="number" required defaultValue={endpoint?.maxConcurrency ?? 4} />
      <Field id={id("requestsPerMinute")} name="requestsPerMinute" label="Requests per minute" type="number" defaultValue={endpoint?.requestsPerMinute} hint="Empty: no limit of Concord's own." />
      <Field id={id("timeoutMs")} name="timeoutMs" label="Timeout (ms)" type="number" required defaultValue={endpoint?.timeoutMs ?? 60_000} />
      <Field id={id("priceInputPerM")} name="priceInputPerM" label="Price per million input tokens (US$)" type="number" step="any" defaultValue={endpoint?.priceInputPerM} />
      <Field id={id("priceOutputPerM")} name="priceOutputPerM" label="Price per million output tokens (US$)" type="number" step="any" defaultValue={endpoint?.priceOutputPerM} />
      <SubmitRow
        label={endpoint ? "Save endpoint" : "Add endpoint"}
        pending={mutation.isPending}
        result={mutation.data}
        error={mutation.error}
        success={endpoint ? "Endpoint saved." : "Endpoint added."}
      />
    </form>
  );
}
