import Link from "next/link";

/** The way back to the set's overview, above the page heading. */
export function BackToSet({ set }: { set: { id: number; name: string } }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <Link href={`/calibration/sets/${set.id}`} className="font-medium text-accent-strong underline-offset-2 hover:underline">
        ← {set.name}
      </Link>
    </nav>
  );
}
