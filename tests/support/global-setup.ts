import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { publishTemplate } from './server-template';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The first start of a demo server is made once and kept as the template that later test servers copy; then
 * one server with demo content is started for the API tests to share. Tests that need a special start run
 * their own.
 */
export default async function setup(project: TestProject) {
  const first = await startServer({}, { firstStart: true });
  await first.stop();
  publishTemplate({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => server.stop();
}
