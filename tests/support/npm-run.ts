import { spawn } from 'node:child_process';

/** For a test that runs scripts: each run starts npm and compiles the script, seconds of CPU on a busy machine. */
export const SCRIPT_TEST_TIMEOUT = 180_000;

export interface ScriptResult {
  code: number | null;
  /** What the script wrote, standard output then standard error. */
  out: string;
}

/**
 * Runs `npm run <args>` (a project script) and waits for its end without blocking the test worker. A
 * synchronous spawn holds the worker for as long as the script runs (a minute on a busy machine), the worker
 * then misses vitest's calls, and the run is marked failed although every test passed.
 */
export function npmRun(args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], { env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out: `${stdout}${stderr}` }));
    child.stdin.end(options.input ?? '');
  });
}
