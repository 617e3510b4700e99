export type ResultsView = "cards" | "table";

/** Cards or a sortable table: two toggle buttons, the shown one pressed. */
export function ViewSwitch(
  { label, view, onChange }: { label: string; view: ResultsView; onChange: (view: ResultsView) => void },
) {
  return (
    <div className="view-switch" role="group" aria-label={`Show ${label} as`}>
      {(["cards", "table"] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={view === option ? "button button-small button-secondary" : "button button-small button-ghost"}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {option === "cards" ? "Cards" : "Table"}
        </button>
      ))}
    </div>
  );
}
