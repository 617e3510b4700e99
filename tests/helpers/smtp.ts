/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. */

import { simpleParser as parse } from "mailparser";
import { SMTPServer } from "smtp-server";

type Address = { text: string; value: { address?: string; name: string }[] };
/** The parts of mailparser's result the tests read (the package ships no types). */
export type ParsedMail = {
  subject?: string;
  from?: Address;
  to?: Address | Address[];
  replyTo?: Address;
  text?: string;
  html?: string | false;
  /** Every header as it arrived, the name lower-cased: `line` is "Name: value" (folded lines included). */
  headerLines?: { key: string; line: string }[];
};
const simpleParser = parse as (source: NodeJS.ReadableStream) => Promise<ParsedMail>;

export type SmtpInbox = {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the next message whose recipient is `to` (or any message). */
  next(to?: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

/** The value of header `name` as it arrived (unfolded), or undefined. */
export function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines?.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
}

export async function startSmtpServer(): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const waiters: { to?: string; resolve: (m: ParsedMail) => void }[] = [];
  const matches = (mail: ParsedMail, to?: string) =>
    !to ||
    [mail.to].flat().some((a) =>
      a && "value" in a && a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())
    );
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (matches(mail, waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      }, callback);
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 10_000) {
      const already = messages.find((m) => matches(m, to));
      if (already) {
        messages.splice(messages.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to ?? "anyone"} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
