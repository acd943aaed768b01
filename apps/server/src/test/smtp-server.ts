import net from "node:net";

/** A mail as it reached the test SMTP server. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message (headers and body), quoted-printable decoded. */
  message: string;
}

/** Quoted-printable (what nodemailer sends long text lines as) back to plain text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A minimal SMTP server on a free loopback port (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT): the real
 * mailer (nodemailer) delivers to it and the test reads what arrived. Returns its smtp:// URL.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let data: string[] | null = null;
    let envelope = { from: "", to: [] as string[] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 localhost test SMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            mails.push({ ...envelope, message: decodeQuotedPrintable(data.join("\r\n")) });
            data = null;
            envelope = { from: "", to: [] };
            reply("250 queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 ok");
        } else if (verb === "RCPT") {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 ok");
        } else if (verb === "DATA") {
          data = [];
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else reply("502 not implemented");
      }
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
