import Link from "next/link";

/** Shown instead of a judge or model form while there is no endpoint to run it on. */
export function NeedsEndpoint({ what }: { what: string }) {
  return (
    <p className="text-slate-700">
      Add an <Link href="/runs/endpoints" className="font-medium text-accent-strong underline underline-offset-2">endpoint</Link> first: a {what} runs on one.
    </p>
  );
}
