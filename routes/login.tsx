import LoginForm, { safeNextPath } from "../islands/LoginForm.tsx";
import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Log In", description: "Log in to HubRate.", noindex: true };

type Data = { next: string | null };

export function load(c: AppContext): Promise<Data> {
  return Promise.resolve({ next: safeNextPath(c.req.query("next")) });
}

export default function Login({ data, notice }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Log in to HubRate</h1>
      <NoticeBanner notice={notice} />
      <LoginForm next={data.next} email={notice?.email ?? ""} />
      <div className="form-links">
        <p>
          Forgot your password? <a href="/reset">Reset here</a>
        </p>
        <p>
          Don't have an account? <a href="/register">Sign up here</a>
        </p>
      </div>
    </div>
  );
}
