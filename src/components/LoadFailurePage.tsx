/** A page whose data could not be loaded: its heading, the message docs/product.md gives for it, and a way back where there is one. */
export function LoadFailurePage(
  { heading, message, back }: { heading: string; message: string; back?: { href: string; label: string } },
) {
  return (
    <div className={back ? "page narrow center" : "page"}>
      <h1>{heading}</h1>
      <p className="alert alert-error" role="alert">{message}</p>
      {back && (
        <p>
          <a className="button" href={back.href}>{back.label}</a>
        </p>
      )}
    </div>
  );
}
