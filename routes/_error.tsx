import type { PageProps } from "../src/server/context.ts";

export default function ErrorPage({ data }: PageProps<{ status: number; message: string }>) {
  const notFound = data.status === 404;
  return (
    <div className="page narrow center">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>{data.message}</p>
      <p>
        <a className="button" href="/">Go to the home page</a> <a className="button button-ghost" href="/search">Search courses</a>
      </p>
    </div>
  );
}
