/**
 * A multi-select as a disclosure of checkboxes: every option reachable by
 * Tab and toggled with Space, and submitted as repeated `name` parameters
 * when the form works without JavaScript.
 */
type Option = { value: string; label: string };

type MultiSelectProps = {
  id: string;
  label: string;
  name: string;
  options: Option[];
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  disabledHint?: string;
};

export function MultiSelect(
  { id, label, name, options, selected, onChange, disabled, disabledHint }: MultiSelectProps,
) {
  const summary = selected.length === 0
    ? "Any"
    : selected.length <= 2
    ? selected.join(", ")
    : `${selected.length} selected`;
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <div className="field multi-select">
      <span className="field-label" id={`${id}-label`}>{label}</span>
      {disabled
        ? (
          <button type="button" className="multi-select-summary" disabled aria-labelledby={`${id}-label ${id}-value`}>
            <span id={`${id}-value`}>{disabledHint ?? "Unavailable"}</span>
          </button>
        )
        : (
          <details id={id}>
            <summary className="multi-select-summary" aria-labelledby={`${id}-label ${id}-value`}>
              <span id={`${id}-value`}>{summary}</span>
            </summary>
            <fieldset className="multi-select-options">
              <legend className="visually-hidden">{label}</legend>
              {options.length === 0 && <p className="muted">No options</p>}
              {options.map((option) => (
                <label key={option.value} className="check">
                  <input
                    type="checkbox"
                    name={name}
                    value={option.value}
                    checked={selected.includes(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          </details>
        )}
    </div>
  );
}
