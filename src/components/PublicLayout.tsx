import type { ReactNode } from "react";
import { Logo } from "./Logo.tsx";
import { MenuDisclosure } from "./MenuDisclosure.tsx";

const LINKS = [
  { href: "/search", label: "Search Courses" },
  { href: "/schedule", label: "Schedule" },
  { href: "/contact", label: "Contact" },
];

function NavLinks({ path }: { path: string }) {
  return (
    <ul>
      {LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={path === link.href ? "page" : undefined}>{link.label}</a>
        </li>
      ))}
      <li>
        <a href="/login" className="button button-ghost" aria-current={path === "/login" ? "page" : undefined}>
          Log In
        </a>
      </li>
      <li>
        <a href="/register" className="button" aria-current={path === "/register" ? "page" : undefined}>Sign Up</a>
      </li>
    </ul>
  );
}

/**
 * The visitor's layout. The small-screen menu is a <details>, so it opens and closes without JavaScript. Its empty
 * `data-account` says the page is a visitor's: the browser keeps nothing of a student there (src/client/storage.ts).
 */
export function PublicLayout(
  { path, searchBox, children }: { path: string; searchBox: ReactNode; children: ReactNode },
) {
  return (
    <div className="public-shell" data-account="">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <Logo />
        {searchBox && <div className="topbar-search">{searchBox}</div>}
        <nav className="topbar-nav" aria-label="Main">
          <NavLinks path={path} />
        </nav>
        <MenuDisclosure className="topbar-menu">
          <NavLinks path={path} />
        </MenuDisclosure>
      </header>
      <main id="main" className="public-main">{children}</main>
      <footer className="footer">
        <nav aria-label="Footer">
          <a href="/contact">Contact Us</a>
          <a href="/privacy">Privacy Policy</a>
          <a href="/terms">Terms of Service</a>
        </nav>
        <p>© 2025 HubRate. An independent student project, not affiliated with Boston University.</p>
      </footer>
    </div>
  );
}
