import { startServer } from './server';

/**
 * Makes a run's server template (tests/support/server-template.ts) once, before any test phase: `npm test`
 * hands it to the SQLite phases and to the browser tests' servers, which would each repeat the same first
 * start otherwise. Prints the template as JSON on its last line.
 */
const first = await startServer({}, { firstStart: true });
await first.stop();
console.log(JSON.stringify({ dataDir: first.dataDir }));
