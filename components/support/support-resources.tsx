import { Notice } from "@/components/ui/notice";
import type { SupportResourcesView } from "@/lib/server/support/readSupportResources";
import { dialable, type SupportService } from "@/lib/support/resources";
import { plural } from "@/lib/wording";

const linkClass = "font-medium text-accent-strong underline underline-offset-2";

function habits(breakMinutes: number): string[] {
  return [
    `Take a short break at least every ${plural(breakMinutes, "minute")}: stand up, look away from the screen, have a drink of water.`,
    "Stop for the day when a dialogue stays with you. Unfinished labels wait for you; nothing is lost.",
    "Talk it through with your supervisor, a colleague on the project or your peer-support group after a hard session.",
    "Keep a clear line between this work and the rest of your day: a short walk or a routine that marks the end.",
    "If you notice lasting changes in sleep, mood or how you see people, that is a normal response to this material — and a good reason to reach out.",
  ];
}

/** A service's ways in: a call and a text as `tel:` / `sms:` links, and its site. */
function Contacts({ service }: { service: SupportService }) {
  const ways = [
    service.phone ? <a key="tel" href={`tel:${dialable(service.phone)}`} className={linkClass}>Call {service.phone}</a> : null,
    service.text ? <a key="sms" href={`sms:${dialable(service.text)}`} className={linkClass}>Text {service.text}</a> : null,
    service.url ? <a key="url" href={service.url} className={linkClass} rel="noreferrer" target="_blank">{new URL(service.url).host}</a> : null,
  ].filter((way) => way !== null);
  if (ways.length === 0) return null;
  return <p className="flex flex-wrap gap-x-4">{ways}</p>;
}

export function SupportResources({ resources, breakMinutes }: { resources: SupportResourcesView; breakMinutes: number }) {
  const { support, problems } = resources;
  return (
    <div className="space-y-8">
      <section aria-labelledby="habits" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="habits" className="text-lg font-semibold text-slate-900">
          Looking after yourself while you label
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {habits(breakMinutes).map((habit) => (
            <li key={habit}>{habit}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="services" className="text-lg font-semibold text-slate-900">
          People you can talk to{support.region ? ` in ${support.region}` : ""}
        </h2>
        <p className="mt-2 text-slate-600">
          If this work brings up something for you, or you are going through a hard time yourself, you deserve
          support too.
        </p>
        <dl className="mt-4 space-y-3">
          {support.services.map((service) => (
            <div key={service.name}>
              <dt className="font-medium text-slate-900">{service.name}</dt>
              <dd className="text-slate-700">
                {service.detail ? <p>{service.detail}</p> : null}
                <Contacts service={service} />
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-slate-700">If you are in immediate danger, call your local emergency number.</p>
        {problems.length > 0 ? (
          <div className="mt-4">
            <Notice tone="info" title="The configured support services could not be used, so these are Concord's defaults.">
              <ul className="list-disc pl-5 break-words">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Notice>
          </div>
        ) : null}
      </section>
    </div>
  );
}
