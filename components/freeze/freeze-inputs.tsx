import { Notice } from "@/components/ui/notice";
import type { Changes, FreezeInputs as Inputs } from "@/lib/server/freeze/getFreezeInputs";
import { plural } from "@/lib/wording";


function described(changes: Changes, what: string): string | null {
  const parts = [
    changes.added ? `${changes.added} added` : null,
    changes.changed ? `${changes.changed} changed` : null,
    changes.removed ? `${changes.removed} removed` : null,
  ].filter((part) => part !== null);
  const total = changes.added + changes.changed + changes.removed;
  return total === 0 ? null : `${plural(total, what)} (${parts.join(", ")})`;
}

/**
 * Whether the set's inputs today are still the ones frozen, and if not, what changed
 * since. The fingerprint covers the consensus, not each label, so a changed label that
 * leaves every majority as it was is reported without breaking the match.
 */
export function FreezeInputs({ inputs }: { inputs: Inputs }) {
  const snapshot = inputs.snapshot;
  const changed = snapshot ? [described(snapshot.labels, "label"), described(snapshot.verdicts, "verdict")].filter((part) => part !== null) : [];
  const since = changed.length > 0 ? `Since the freeze: ${changed.join("; ")} on the set's units.` : null;
  if (inputs.matches) {
    return (
      <Notice tone="success" title="Today's consensus and verdicts still match the frozen fingerprint.">
        {since ? `${since} No consensus changed.` : null}
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="The set's inputs changed since this freeze.">
      <p>
        {since ?? "The units or their consensus differ from the frozen ones."} The record still describes the inputs it was frozen on
        {snapshot ? ", kept below as a snapshot that verify-freeze checks it against." : "."}
      </p>
    </Notice>
  );
}
