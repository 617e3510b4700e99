import ContactForm from "../islands/ContactForm.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";

export const meta: PageMeta = {
  title: "Contact",
  description: "Questions, corrections or ideas for HubRate? Send the maintainer a message.",
};

type Data = { contactTo: string; profileUrl?: string };

export function load(c: AppContext): Promise<Data> {
  const { config } = c.var.deps;
  return Promise.resolve({ contactTo: config.contactTo, profileUrl: config.contactProfileUrl });
}

export default function Contact({ data, user }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Contact us</h1>
      <p>
        Found a wrong course detail, a bug, or have an idea? Send a message and the maintainer will get back to you.
      </p>
      <ContactForm email={user?.email ?? ""} />
      <p className="muted">
        Prefer email? Write to <a href={`mailto:${data.contactTo}`}>{data.contactTo}</a>
        {data.profileUrl && (
          <>
            , or reach the maintainer on{" "}
            <a href={data.profileUrl} rel="noopener noreferrer" target="_blank">LinkedIn</a>
          </>
        )}.
      </p>
    </div>
  );
}
