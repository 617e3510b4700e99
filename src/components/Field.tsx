/** What ties a field to its form's state: `field(name)` of the form hook gives it. */
export type FieldBinding = {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

type FieldProps = {
  /** Unique on the page; islands avoid useId, whose ids depend on where the server rendered them. */
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  readOnly?: boolean;
  inputMode?: "numeric" | "text" | "email";
  hint?: string;
  /** Suggestions offered as the student types (a datalist); the field stays free text. */
  suggestions?: readonly string[];
};

/** A labelled input with its message underneath, tied together for screen readers. */
export function Field(
  { id, label, name, value, onChange, error, type = "text", multiline, rows, hint, suggestions, ...rest }: FieldProps,
) {
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const listId = suggestions?.length ? `${id}-suggestions` : undefined;
  const describedBy = [error ? messageId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    ...rest,
  };
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} list={listId} {...common} />}
      {listId && (
        <datalist id={listId}>
          {suggestions!.map((s) => <option key={s} value={s} />)}
        </datalist>
      )}
      {hint && <small id={hintId} className="hint">{hint}</small>}
      {error && <small id={messageId} className="field-error">{error}</small>}
    </div>
  );
}
