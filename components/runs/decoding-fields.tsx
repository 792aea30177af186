"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { inputClass, labelClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/auth/respond";
import type { Decoding } from "@/lib/server/models/read";
import { Field, num, SubmitRow, text } from "./fields";

export interface EndpointChoice {
  id: number;
  name: string;
}

/** The fields judges and target models share: id, endpoint, model, family, decoding. */
function DecodingFields({
  prefix,
  idLabel,
  idHint,
  current,
  endpoints,
  defaultMaxTokens,
}: {
  prefix: string;
  idLabel: string;
  idHint: string;
  current: (Decoding & { id: string }) | null;
  endpoints: EndpointChoice[];
  defaultMaxTokens: number;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <>
      <Field id={id("id")} name="id" label={idLabel} required readOnly={current !== null} defaultValue={current?.id} hint={current ? "The id cannot change; create a new one instead." : idHint} />
      <div>
        <label htmlFor={id("endpointId")} className={labelClass}>
          Endpoint
        </label>
        <select id={id("endpointId")} name="endpointId" required defaultValue={current?.endpointId ?? endpoints[0]?.id} className={inputClass}>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </div>
      <Field id={id("model")} name="model" label="Model name" required defaultValue={current?.model} hint="As the endpoint knows it, e.g. Qwen/Qwen3-32B or llama3.1:8b." />
      <Field id={id("family")} name="family" label="Provider family" defaultValue={current?.family} hint="For the same-family check, e.g. qwen, llama, openai." />
      <Field id={id("temperature")} name="temperature" label="Temperature" type="number" step="any" required defaultValue={current?.temperature ?? 0} />
      <Field id={id("maxTokens")} name="maxTokens" label="Max tokens" type="number" required defaultValue={current?.maxTokens ?? defaultMaxTokens} />
      <Field id={id("seed")} name="seed" label="Seed" type="number" defaultValue={current?.seed} hint="Sent where the server supports it; empty for none." />
    </>
  );
}

function decodingFrom(form: FormData) {
  return {
    id: text(form, "id"),
    endpointId: num(form, "endpointId"),
    model: text(form, "model"),
    family: text(form, "family"),
    temperature: num(form, "temperature"),
    maxTokens: num(form, "maxTokens"),
    seed: num(form, "seed"),
  };
}

/** The settings rows judges and target models share in their lists. */
export const decodingSettings = [
  { label: "Endpoint", value: (d: Decoding) => d.endpointName },
  { label: "Results", value: (d: Decoding) => (d.simulated ? "simulated: the demo simulator answers, no model runs" : "from the endpoint's model") },
  { label: "Model", value: (d: Decoding) => <code>{d.model}</code> },
  { label: "Family", value: (d: Decoding) => d.family ?? "not set" },
  { label: "Temperature", value: (d: Decoding) => d.temperature },
  { label: "Max tokens", value: (d: Decoding) => d.maxTokens.toLocaleString("en") },
  { label: "Seed", value: (d: Decoding) => d.seed ?? "none" },
];

/** Said on the form of a judge or target model that has run calls. */
function FixedNotice({ calls, what }: { calls: number; what: string }) {
  if (calls === 0) return null;
  return (
    <p className="text-sm text-amber-900 sm:col-span-2">
      This {what} has {calls.toLocaleString("en")} run call{calls === 1 ? "" : "s"}: only its family can change now. To try other settings, create a new {what} id.
    </p>
  );
}

type Saved = Decoding & { id: string; calls: number };

/**
 * The add or edit form of a judge or target model: the shared fields, then `children`
 * (the template, the system prompt), whose values `fields` reads.
 */
export function DecodingForm({
  what,
  current,
  endpoints,
  idLabel,
  idHint,
  defaultMaxTokens,
  create,
  update,
  fields,
  children,
}: {
  what: string;
  current: Saved | null;
  endpoints: EndpointChoice[];
  idLabel: string;
  idHint: string;
  defaultMaxTokens: number;
  create: (input: unknown) => Promise<ActionResult<unknown>>;
  update: (input: unknown) => Promise<ActionResult<unknown>>;
  fields: (form: FormData) => Record<string, unknown>;
  children: ReactNode;
}) {
  const mutation = useMutation({ mutationFn: current ? update : create });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    mutation.mutate({ ...decodingFrom(form), ...fields(form) });
  }
  const noun = `${what[0].toUpperCase()}${what.slice(1)}`;
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FixedNotice calls={current?.calls ?? 0} what={what} />
      <DecodingFields prefix={formPrefix(what, current)} idLabel={idLabel} idHint={idHint} current={current} endpoints={endpoints} defaultMaxTokens={defaultMaxTokens} />
      {children}
      <SubmitRow
        label={current ? `Save ${what}` : `Add ${what}`}
        pending={mutation.isPending}
        result={mutation.data}
        error={mutation.error}
        success={current ? `${noun} saved.` : `${noun} added.`}
      />
    </form>
  );
}

/** The id prefix of a form's fields, unique per item. */
export const formPrefix = (what: string, current: { id: string } | null) => `${what.replace(/\s+/g, "-")}-${current ? current.id : "new"}`;
