import AccountSettings from "../islands/AccountSettings.tsx";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import type { AccountView } from "../src/lib/api-types.ts";
import { accountView } from "../src/services/accounts/accounts.ts";
import { collegeChoices, majorsOf } from "../src/services/catalog/catalog.ts";

export const access = "user";
export const loadFailure: LoadFailure = { heading: "Account", message: "Failed to fetch user's account details" };

type Data = { account: AccountView; colleges: { code: string; name: string }[]; majors: string[] };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const user = c.var.user;
  const [colleges, majors] = await Promise.all([collegeChoices(db), majorsOf(db, user.college)]);
  return { account: accountView(user), colleges, majors };
}

export const meta: PageMeta = { title: "Account", noindex: true };

export default function Account({ data }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Account</h1>
      <AccountSettings {...data.account} colleges={data.colleges} majors={data.majors} />
    </div>
  );
}
