"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { Notice } from "@/components/ui/notice";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { testEndpointAction } from "@/lib/actions/runs-config";
import type { EndpointView } from "@/lib/server/endpoints/read";
import type { ConnectionTest } from "@/lib/server/endpoints/testEndpoint";

/** Tries an endpoint: its model list and, with a model name, a one-token chat completion. */
export function TestConnection({ endpoint }: { endpoint: EndpointView }) {
  const mutation = useMutation({ mutationFn: testEndpointAction });
  const id = `test-model-${endpoint.id}`;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate({ endpointId: endpoint.id, model: String(new FormData(event.currentTarget).get("model") ?? "") });
  }
  const result = mutation.data;
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor={id} className={labelClass}>
            Model to try <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id={id} name="model" autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" disabled={mutation.isPending} className={secondaryButtonClass}>
          {mutation.isPending ? "Testing…" : "Test connection"} <span className="sr-only">of {endpoint.name}</span>
        </button>
      </form>
      {result?.ok ? <TestResult test={result.data} /> : <ActionFeedback result={result} error={mutation.error} success="" />}
    </div>
  );
}

function TestResult({ test }: { test: ConnectionTest }) {
  const key = test.apiKeyEnv ? `Key variable ${test.apiKeyEnv}: ${test.keySet ? "set" : "not set"}.` : "No key variable named.";
  return (
    <Notice tone={test.ok ? "success" : "error"} title={test.ok ? "Connection works" : "Connection failed"}>
      <p>{test.message}</p>
      <p className="mt-1">{key}</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {test.steps.map((step) => (
          <li key={step.step}>
            {step.step === "models" ? "Model list" : "Chat completion"}: {step.ok ? "ok" : "failed"} in {step.latencyMs} ms
          </li>
        ))}
      </ul>
      {test.models && test.models.length > 0 ? <p className="mt-1 text-sm">Models: {test.models.join(", ")}</p> : null}
    </Notice>
  );
}
