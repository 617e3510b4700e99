export function Logo() {
  return (
    <a href="/" className="logo" aria-label="HubRate home">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 8v16M23 8v16M9 16h14" stroke="var(--logo-ink, #fff)" strokeWidth="3.2" strokeLinecap="round" />
      </svg>
      <span>HubRate</span>
    </a>
  );
}
