export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  /** Unique on the page; islands avoid useId, whose ids depend on where the server rendered them. */
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  /** The first, empty choice ("Select your major"); its value is "". */
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  hint?: string;
  autoComplete?: string;
};

/** A labelled <select> with its message underneath, tied together for screen readers, like Field. */
export function SelectField(
  { id, label, name, value, onChange, options, placeholder, error, hint, ...rest }: SelectFieldProps,
) {
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      {hint && <small id={hintId} className="hint">{hint}</small>}
      {error && <small id={messageId} className="field-error">{error}</small>}
    </div>
  );
}
