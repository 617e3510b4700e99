/**
 * The state every form island needs: values, a message per field, one
 * submission at a time, and the outcome line. Each message shows once: under
 * its field, or in the form's alert when it belongs to no field of the form.
 * Fields clear their message when edited, and so does a success message;
 * a failed check focuses the first invalid field.
 */
import { type FormEvent, useRef, useState } from "react";
import * as z from "zod/mini";
import { fieldErrors } from "../lib/schemas.ts";
import type { ApiResult } from "./api.ts";

export type FormStatus = { kind: "idle" } | { kind: "busy" } | { kind: "done"; message: string } | {
  kind: "failed";
  message: string;
};

/** What a successful submission does next: show a message, or leave the page (the form stays busy until it goes). */
export type Outcome = { message: string } | "leaving";

export function useForm<V extends Record<string, unknown>>(
  initial: V | (() => V),
  { idPrefix, order }: { idPrefix: string; order: readonly string[] },
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  // Set synchronously, so a second submit before the next render is refused too.
  const inFlight = useRef(false);

  const idOf = (name: string) => `${idPrefix}-${name}`;

  const update = <K extends keyof V & string>(name: K) => (value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: "" } : e));
    // "Updated!" no longer describes the form once it is edited again.
    setStatus((s) => (s.kind === "done" ? { kind: "idle" } : s));
  };

  /** Shows these messages under their fields and focuses the first one in the form's order. */
  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = order.find((name) => name in found);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  /** The parsed values, or null after showing what is wrong. */
  function validate<S extends z.core.$ZodType>(schema: S, input: unknown = values): z.output<S> | null {
    const parsed = z.safeParse(schema, input);
    if (parsed.success) return parsed.data;
    showErrors(fieldErrors(parsed.error));
    return null;
  }

  /**
   * Sends one submission at a time. On failure the server's field messages
   * and message (or `fallback`) show; on success `onSuccess` decides.
   */
  async function run<T>(
    send: () => Promise<ApiResult<T>>,
    fallback: string,
    onSuccess: (data: T) => Outcome,
  ): Promise<ApiResult<T> | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setErrors({});
    setStatus({ kind: "busy" });
    const result = await send();
    if (result.ok) {
      const outcome = onSuccess(result.data);
      if (outcome === "leaving") return result;
      setStatus({ kind: "done", message: outcome.message });
    } else {
      // Messages for this form's fields go under them; the alert carries only what no field shows.
      const shown = Object.fromEntries(
        Object.entries(result.fields ?? {}).filter(([name, message]) => order.includes(name) && message),
      );
      setErrors(shown);
      const underFields = new Set(Object.values(shown));
      const message = result.message ?? fallback;
      setStatus({ kind: "failed", message: underFields.has(message) ? "" : message });
      const first = order.find((name) => name in shown);
      if (first) document.getElementById(idOf(first))?.focus();
    }
    inFlight.current = false;
    return result;
  }

  /**
   * The usual submit handler: one submission at a time, check the values
   * with `schema`, then send them and show the outcome.
   */
  function submitWith<S extends z.core.$ZodType, T>(
    schema: S,
    send: (data: z.output<S>) => Promise<ApiResult<T>>,
    fallback: string,
    onSuccess: (result: T, data: z.output<S>) => Outcome,
  ) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const data = validate(schema);
      if (!data) return;
      await run(() => send(data), fallback, (result) => onSuccess(result, data));
    };
  }

  /** The props that tie a text field to the form: `<Field label="Email" {...field("email")} />`. */
  const field = <K extends keyof V & string>(name: K) => ({
    id: idOf(name),
    name,
    value: String(values[name] ?? ""),
    onChange: update(name) as unknown as (value: string) => void,
    error: errors[name],
  });

  return {
    values,
    setValues,
    errors,
    showErrors,
    update,
    idOf,
    field,
    status,
    busy: status.kind === "busy",
    validate,
    run,
    submitWith,
    inFlight,
  };
}
