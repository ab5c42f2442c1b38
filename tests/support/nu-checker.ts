import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/** One message of the W3C Nu HTML checker about one page. */
export interface NuMessage {
  page: string;
  line?: number;
  message: string;
  extract?: string;
}

const require = createRequire(import.meta.url);

/** Runs a program to its end: true when it exits with 0, false when it fails or is not there. */
function runs(program: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(program, args, { maxBuffer: 16 * 1024 * 1024 }, (err) => resolve(!err)));
}

let javaReady: Promise<void> | null = null;

/**
 * The checker needs a Java runtime. A machine without one (a fresh CI runner) gets Debian's default headless
 * runtime when the tests run as root with apt-get, as the browser tests get their Chromium; elsewhere the
 * test says what to install. Asynchronous, so the test worker is never blocked while it installs.
 */
export function ensureJava(): Promise<void> {
  javaReady ??= (async () => {
    if (await runs('java', ['-version'])) return;
    const howTo = 'The W3C Nu checker needs Java 11 or newer: install it (Debian: apt-get install default-jre-headless).';
    if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) throw new Error(howTo);
    console.log('Java not found: installing Debian\'s default-jre-headless for the Nu checker...');
    const installed = (await runs('apt-get', ['update', '-qq'])) && (await runs('apt-get', ['install', '-y', '-qq', 'default-jre-headless']));
    if (!installed || !(await runs('java', ['-version']))) throw new Error(howTo);
  })();
  return javaReady;
}

/** The checker's jar, shipped inside the vnu-jar package (which needs a Java runtime, 11 or newer). */
function jarPath(): string {
  return String(require('vnu-jar'));
}

/**
 * One short run: the quick compiler alone and the simplest collector take half the CPU of Java's defaults here
 * (10 s instead of 22 s for a hundred pages); the quick compiler's deeper stack frames need a larger stack.
 */
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];

/**
 * Checks many pages with one start of the checker (a Java start costs seconds; a page costs milliseconds):
 * every page is written to a folder of its own and the jar reads them all. Answers the errors only, each
 * named by the page it was found on.
 */
export async function nuErrors(pages: ReadonlyMap<string, string>): Promise<NuMessage[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nu-check-'));
  const fileToPage = new Map<string, string>();
  try {
    let n = 0;
    for (const [page, html] of pages) {
      // A page's name says what it holds: .html for a page, .css for a stylesheet (checked as CSS).
      const file = path.join(folder, `page-${++n}${page.endsWith('.css') ? '.css' : '.html'}`);
      fs.writeFileSync(file, html);
      fileToPage.set(path.basename(file), page);
    }
    await ensureJava();
    const output = await new Promise<string>((resolve, reject) => {
      execFile('java', [...JAVA_OPTIONS, '-jar', jarPath(), '--errors-only', '--also-check-css', '--format', 'json', '--exit-zero-always', folder], { maxBuffer: 64 * 1024 * 1024 }, (err, _stdout, stderr) => {
        if (err) reject(new Error(`the Nu checker did not run: ${err.message}\n${stderr}`));
        else resolve(stderr);
      });
    });
    const report = JSON.parse(output) as { messages: { type: string; url: string; lastLine?: number; message: string; extract?: string }[] };
    return report.messages
      .filter((m) => m.type === 'error')
      .map((m) => ({ page: fileToPage.get(path.basename(new URL(m.url).pathname)) ?? m.url, line: m.lastLine, message: m.message, extract: m.extract }));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
