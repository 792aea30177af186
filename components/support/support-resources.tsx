const HABITS = [
  "Take a short break at least every 45 minutes: stand up, look away from the screen, have a drink of water.",
  "Stop for the day when a dialogue stays with you. Unfinished labels wait for you; nothing is lost.",
  "Talk it through with your supervisor, a colleague on the project or your peer-support group after a hard session.",
  "Keep a clear line between this work and the rest of your day: a short walk or a routine that marks the end.",
  "If you notice lasting changes in sleep, mood or how you see people, that is a normal response to this material — and a good reason to reach out.",
];

const SERVICES = [
  { name: "Your organisation's employee assistance programme", detail: "Confidential counselling for staff; ask your lead for the contact." },
  { name: "988 Suicide & Crisis Lifeline (United States)", detail: "Call or text 988, any time." },
  { name: "Samaritans (United Kingdom and Ireland)", detail: "Call 116 123, any time, free." },
  { name: "Find A Helpline (worldwide)", detail: "findahelpline.com lists free, confidential services by country." },
];

export function SupportResources() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="habits" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="habits" className="text-lg font-semibold text-slate-900">
          Looking after yourself while you label
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {HABITS.map((habit) => (
            <li key={habit}>{habit}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="services" className="text-lg font-semibold text-slate-900">
          People you can talk to
        </h2>
        <p className="mt-2 text-slate-600">
          If this work brings up something for you, or you are going through a hard time yourself, you deserve
          support too.
        </p>
        <dl className="mt-4 space-y-3">
          {SERVICES.map((service) => (
            <div key={service.name}>
              <dt className="font-medium text-slate-900">{service.name}</dt>
              <dd className="text-slate-700">{service.detail}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-slate-700">If you are in immediate danger, call your local emergency number.</p>
      </section>
    </div>
  );
}
