"use client";

import { useState, type ReactNode } from "react";
import { cardClass, secondaryButtonClass } from "@/components/ui/styles";

export interface Setting<T> {
  label: string;
  value: (item: T) => ReactNode;
}

/**
 * A configuration page's body: the add (or edit) form, then every item with its
 * settings, an Edit button and whatever else a row offers (e.g. a connection test).
 */
export function ConfigList<T extends { id: string | number }>({
  noun,
  items,
  title,
  settings,
  form,
  extra,
  tag,
}: {
  noun: string;
  items: T[];
  title: (item: T) => string;
  /** Shown beside an item's title, e.g. that its results are simulated. */
  tag?: (item: T) => ReactNode;
  settings: Setting<T>[];
  form: (item: T | null) => ReactNode;
  extra?: (item: T) => ReactNode;
}) {
  const [editing, setEditing] = useState<T["id"] | null>(null);
  const current = items.find((item) => item.id === editing) ?? null;
  function edit(id: T["id"]) {
    setEditing(id);
    document.getElementById("config-form")?.scrollIntoView({ block: "start" });
  }
  return (
    <div className="space-y-10">
      <section aria-labelledby="config-form" className={cardClass}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="config-form" className="text-lg font-semibold text-slate-900">
            {current ? `Edit ${noun} ${title(current)}` : `Add a ${noun}`}
          </h2>
          {current ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setEditing(null)}>
              Stop editing
            </button>
          ) : null}
        </div>
        <div className="mt-4" key={current ? String(current.id) : "new"}>
          {form(current)}
        </div>
      </section>
      <section aria-labelledby="config-items">
        <h2 id="config-items" className="mb-3 text-lg font-semibold text-slate-900">
          {`${noun[0].toUpperCase()}${noun.slice(1)}s`} ({items.length})
        </h2>
        {items.length === 0 ? <p className="text-slate-600">None yet.</p> : null}
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex items-center">
                  <h3 className="font-semibold text-slate-900">{title(item)}</h3>
                  {tag?.(item)}
                </div>
                <button type="button" className={secondaryButtonClass} onClick={() => edit(item.id)}>
                  Edit <span className="sr-only">{title(item)}</span>
                </button>
              </div>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                {settings.map((setting) => (
                  <div key={setting.label}>
                    <dt className="text-slate-600">{setting.label}</dt>
                    <dd className="break-words text-slate-900">{setting.value(item)}</dd>
                  </div>
                ))}
              </dl>
              {extra ? <div className="mt-3 border-t border-slate-100 pt-3">{extra(item)}</div> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
