import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { publishTemplate, publishedTemplate } from './server-template';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The first start of a demo server is made once per run and kept as the template that later test servers
 * copy (a second project of the run finds it already made); then one server with demo content is started for
 * the project's API tests to share. Tests that need a special start run their own.
 */
export default async function setup(project: TestProject) {
  if (!publishedTemplate()) {
    const first = await startServer({}, { firstStart: true });
    await first.stop();
    publishTemplate({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => server.stop();
}
