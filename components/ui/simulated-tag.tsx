/** Marks a judge, model or endpoint whose answers come from Concord's demo simulator, not from a model. */
export function SimulatedTag() {
  return (
    <>
      {" "}
      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-900" title="Answers come from Concord's demo simulator: no model runs, so its results are simulated.">
        simulated
      </span>
    </>
  );
}
