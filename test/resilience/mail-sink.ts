/**
 * A real SMTP server (smtp-server, port 0, no auth) that counts the messages it accepts. It can hold the next
 * message: the whole message is received but its final "250" is not sent until released, so the sender is
 * stuck mid-send (a message is delivered only once the server has answered 250; a connection that drops
 * before that delivers nothing).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  url: string;
  /** Every message accepted (answered 250), in order: its subject, text and HTML, decoded. */
  accepted: string[];
  /** Messages received but held (not answered), in order. */
  held: string[];
  /** Hold the next message instead of accepting it. */
  holdNext(): void;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const accepted: string[] = [];
  const held: string[] = [];
  let holding = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          const text = `${m.subject ?? ''}\n${m.text ?? ''}\n${typeof m.html === 'string' ? m.html : ''}`;
          if (holding) {
            holding = false;
            held.push(text); // never answered: the sender waits until it gives up or dies
            return;
          }
          accepted.push(text);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held,
    holdNext: () => void (holding = true),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
