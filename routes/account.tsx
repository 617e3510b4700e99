import AccountSettings from "../islands/AccountSettings.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { collegeCodes, collegeNames, majorsOf } from "../src/services/catalog.ts";

export const access = "user";

type Data = {
  account: { email: string; college: string; major: string; expectedGrad: number };
  colleges: { code: string; name: string }[];
  majors: string[];
  error: null;
} | { error: string };

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  // access "user": the session middleware has put the signed-in user here.
  const user = c.var.user!;
  try {
    const [codes, names, majors] = await Promise.all([collegeCodes(db), collegeNames(db), majorsOf(db, user.college)]);
    return {
      account: { email: user.email, college: user.college, major: user.major, expectedGrad: user.expectedGrad },
      colleges: codes.map((code) => ({ code, name: names[code] ?? "" })),
      majors,
      error: null,
    };
  } catch (error) {
    console.error("[account]", error);
    return { error: "Failed to fetch user's account details" };
  }
}

export function meta(data: Data): PageMeta {
  return { title: "Account", noindex: true, status: data.error ? 500 : undefined };
}

export default function Account({ data }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Account</h1>
      {data.error === null
        ? <AccountSettings {...data.account} colleges={data.colleges} majors={data.majors} />
        : <p className="alert alert-error" role="alert">{data.error}</p>}
    </div>
  );
}
