/**
 * The islands' fetch wrapper for /api: JSON in, JSON out, and every failure
 * turned into a result instead of an exception.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
    ok: false;
    status: number;
    message?: string;
    fields?: Record<string, string>;
    retryAfter?: number;
    body?: Record<string, unknown>;
  };

export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers: options.body === undefined
        ? { Accept: "application/json" }
        : { "Content-Type": "application/json", Accept: "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
  } catch (error) {
    console.error(`[api] ${path}`, error);
    return { ok: false, status: 0 };
  }
  let payload: unknown = undefined;
  try {
    payload = await response.json();
  } catch {
    // not JSON (a proxy's error page, say): fall through with no message
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const body = (payload ?? {}) as { message?: unknown; fields?: unknown };
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    status: response.status,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    message: typeof body.message === "string" ? body.message : undefined,
    fields: body.fields && typeof body.fields === "object" ? body.fields as Record<string, string> : undefined,
    body: payload && typeof payload === "object" ? payload as Record<string, unknown> : undefined,
  };
}
