import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text the test gateway received: the number as the server sent it (91 and the mobile), and the words. */
export interface SentText {
  mobile: string;
  message: string;
}

export interface SmsGateway {
  /** SMS_GATEWAY_URL for a test server: this gateway's address with the server's placeholders. */
  urlTemplate: string;
  stop: () => Promise<void>;
}

/**
 * An HTTP SMS gateway on a free local port, as a test server's SMS_GATEWAY_URL: it answers OK to every text
 * and appends it to `texts`, in the order received.
 */
export async function startSmsGateway(texts: SentText[]): Promise<SmsGateway> {
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://gateway').searchParams;
    texts.push({ mobile: query.get('to') ?? '', message: query.get('text') ?? '' });
    res.end('OK');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    urlTemplate: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?to={mobile}&text={message}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
