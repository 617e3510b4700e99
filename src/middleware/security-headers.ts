import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../server/context.ts";

function nonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** A fresh CSP nonce per request and the baseline headers on every response, errors included. */
export function securityHeaders(production: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const value = nonce();
    c.set("nonce", value);
    await next();
    const h = c.res.headers;
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'nonce-${value}' 'strict-dynamic'`,
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (production) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
