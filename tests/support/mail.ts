import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Mail as a test SMTP server received it: envelope recipients, subject, the decoded text and the raw header block. */
export interface ReceivedMail {
  to: string;
  subject: string;
  body: string;
  headers: string;
}

/**
 * The text of a single-part message, for reading: base64 decoded, or quoted-printable soft line breaks and
 * =XX escapes undone, as UTF-8.
 */
function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const qp = body.replace(/=\r?\n/g, '');
  return Buffer.from(qp.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** An SMTP server on 127.0.0.1 that keeps what it receives, on the port given (or a free one). */
export async function startMailServer(port = 0): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', body: decodeBody(raw), headers: raw.slice(0, raw.search(/\r?\n\r?\n/)) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  const address = smtp.server.address() as net.AddressInfo;
  return { port: address.port, mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A TCP server that accepts and never says a word: an SMTP send to it hangs until the client gives up. */
export async function startSilentServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
