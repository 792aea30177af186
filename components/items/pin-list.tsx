import type { RubricPin } from "@/lib/server/authoring/pins";

/** Which calibration sets label this item against which rubric version (a publication never moves a pin). */
export function PinList({ pins }: { pins: RubricPin[] }) {
  return (
    <section aria-labelledby="pins">
      <h2 id="pins" className="text-lg font-semibold text-slate-900">
        Calibration sets
      </h2>
      {pins.length === 0 ? (
        <p className="mt-2 text-slate-600">No calibration set includes this item yet.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {pins.map((pin) => (
            <li key={pin.setId}>
              <span className="font-medium">{pin.setName}</span> ({pin.setStatus}) labels against rubric version {pin.rubricVersion}.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
