import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * The files of a form being read are written to DATA_DIR/uploading/<process id>/ (src/server/upload-spool.ts).
 * A server killed while one arrives leaves them there; the next start deletes them. A sender that stops
 * sending part way is cut off after UPLOAD_IDLE_SECONDS, and what it had sent is deleted. Servers of its own:
 * the test kills one, and starts the next with a short idle time.
 */
let server: TestServer;
const spool = () => path.join(server.dataDir, 'uploading');
/** The form folders under every process's spool. */
const formFolders = () =>
  fs.existsSync(spool()) ? fs.readdirSync(spool()).flatMap((pid) => fs.readdirSync(path.join(spool(), pid)).map((form) => path.join(spool(), pid, form))) : [];

const BOUNDARY = 'spool-test-boundary';
/** The start of a grievance form with a photo: its fields, then a JPEG's first bytes and no end. */
function unfinishedForm(): Buffer {
  const field = (name: string, value: string) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = [field('category', '1'), field('ward', '3'), field('description', 'Drain blocked.'), field('mobile', '9712399901')].join('');
  const photo = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="photos"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`;
  return Buffer.concat([Buffer.from(head + photo), Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64 * 1024, 7)]);
}

/** Opens a connection and sends a form's headers, declaring far more than it then sends. */
function startUpload(): net.Socket {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const body = unfinishedForm();
  socket.write(
    `POST /postgrievance HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${body.length + 1_000_000}\r\n\r\n`,
  );
  socket.write(body);
  socket.on('error', () => undefined);
  return socket;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe('the upload spool', () => {
  it('keeps a form\'s files in the process\'s own folder while it arrives, and a start after a kill deletes what was left', async () => {
    const socket = startUpload();
    const [folder] = await until(() => (formFolders().length > 0 ? formFolders() : undefined), 'the form folder');
    expect(path.dirname(folder)).toBe(path.join(spool(), String(server.pid)));
    process.kill(server.pid, 'SIGKILL');
    await until(() => (socket.destroyed || socket.closed ? true : undefined), 'the connection to end with the server');
    // What a process still running keeps is its own (another server process of the same data folder).
    const alive = path.join(spool(), String(process.pid), 'form-alive');
    fs.mkdirSync(alive, { recursive: true });
    expect(fs.existsSync(folder)).toBe(true);

    server = await startServer({ UPLOAD_IDLE_SECONDS: '1' }, { dataDir: server.dataDir });
    expect(fs.existsSync(folder), 'the killed process\'s files').toBe(false);
    expect(fs.existsSync(alive), 'a running process\'s files').toBe(true);
    fs.rmSync(path.dirname(alive), { recursive: true });
  });

  it('closes an upload that stops sending, and deletes what it had sent', async () => {
    const socket = startUpload();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    // Without the idle limit, Node would hold the connection for five minutes, past this test's time.
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer, 'no lodging').not.toMatch(/^HTTP\/1\.1 303/);
    await until(() => (formFolders().length === 0 ? true : undefined), 'the stalled form\'s files deleted');
    // The server is still there for the next visitor.
    expect((await fetch(`${server.url}/postgrievance`)).status).toBe(200);
  });
});
