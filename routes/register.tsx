import RegisterForm from "../islands/RegisterForm.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { collegeChoices } from "../src/services/catalog/catalog.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Sign Up", description: "Create a free HubRate account.", noindex: true };

type Data = { colleges: { code: string; name: string }[] };

export async function load(c: AppContext): Promise<Data> {
  return { colleges: await collegeChoices(c.var.deps.database.db) };
}

export default function Register({ data }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Sign up to start rating BU courses</h1>
      <p className="alert alert-info" role="note">
        We recommend signing up with a personal email address: the verification code may not reach a university email
        inbox.
      </p>
      <RegisterForm colleges={data.colleges} />
      <div className="form-links">
        <p>
          Already have an account? <a href="/login">Log in here</a>
        </p>
      </div>
    </div>
  );
}
