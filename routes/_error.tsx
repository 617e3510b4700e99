import type { PageProps } from "../src/server/context.ts";

/** `detail` (the error's stack) comes in development only: src/middleware/error-handler.ts. */
export default function ErrorPage({ data }: PageProps<{ status: number; message: string; detail?: string }>) {
  const notFound = data.status === 404;
  return (
    <div className="page narrow center">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>{data.message}</p>
      {data.detail && (
        <details className="dev-error" open>
          <summary>The error, for the developer (development only)</summary>
          <pre>{data.detail}</pre>
        </details>
      )}
      <p>
        <a className="button" href="/">Go to the home page</a>{" "}
        <a className="button button-ghost" href="/search">Search courses</a>
      </p>
    </div>
  );
}
