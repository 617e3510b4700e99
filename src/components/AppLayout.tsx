import type { ReactNode } from "react";
import type { AccountView } from "../lib/api-types.ts";
import { Logo } from "./Logo.tsx";
import { MenuDisclosure } from "./MenuDisclosure.tsx";

const SIDEBAR = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/hub-progress", label: "Hub Progress" },
  { href: "/my-courses", label: "My Courses" },
  { href: "/saved-courses", label: "Saved Courses" },
  { href: "/schedule", label: "Schedule" },
  { href: "/my-reviews", label: "My Reviews" },
  { href: "/search", label: "Search Courses" },
  { href: "/account", label: "Account" },
];

function isCurrent(href: string, path: string): boolean {
  if (href === "/dashboard") return path === "/" || path === "/dashboard";
  return path === href || (href === "/search" && path.startsWith("/course/"));
}

function SidebarLinks({ path }: { path: string }) {
  return (
    <>
      <ul>
        {SIDEBAR.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={isCurrent(link.href, path) ? "page" : undefined}>{link.label}</a>
          </li>
        ))}
      </ul>
      <form method="post" action="/logout" className="signout">
        <button type="submit" className="button button-ghost">Sign Out</button>
      </form>
    </>
  );
}

/**
 * The signed-in layout: a 250 px sidebar on wide screens; on small screens a
 * 70 px top bar whose menu slides in (a <details>, so it needs no JavaScript
 * and closes on navigation because every link loads a new page). `account` is
 * the account's opaque tag, under which the browser keeps what the student
 * leaves there (src/client/storage.ts).
 */
export function AppLayout(
  { user, account, path, searchBox, children }: {
    user: AccountView;
    account: string;
    path: string;
    searchBox: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <div className="app-shell" data-account={account}>
      <a className="skip-link" href="#main">Skip to content</a>
      <aside className="sidebar" aria-label="Account navigation">
        <Logo />
        <p className="sidebar-user" title={user.email}>{user.email}</p>
        <nav aria-label="Main">
          <SidebarLinks path={path} />
        </nav>
      </aside>
      <header className="app-topbar">
        <Logo />
        <MenuDisclosure className="slide-menu">
          <SidebarLinks path={path} />
        </MenuDisclosure>
      </header>
      {searchBox && <div className="app-search">{searchBox}</div>}
      <main id="main" className="app-main">{children}</main>
    </div>
  );
}
