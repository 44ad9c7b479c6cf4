import { SMTPServer } from "smtp-server";

/** A real SMTP server for tests (no authentication, no TLS) that keeps each message it receives in `received`. */
export function receivingSmtpServer(received: string[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
}
