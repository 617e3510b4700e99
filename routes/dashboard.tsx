import type { PageMeta, PageProps } from "../src/server/context.ts";

export const access = "user";
export const meta: PageMeta = { title: "Dashboard", noindex: true };

export default function Dashboard({ user }: PageProps) {
  if (!user) return null;
  return (
    <div className="page">
      <h1>Welcome, {user.email}</h1>
      <p className="muted">{user.major}, {user.college} · Expected graduation {user.expectedGrad}</p>
    </div>
  );
}
