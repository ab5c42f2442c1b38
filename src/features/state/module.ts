import type { PortalModule } from '../modules';

/**
 * The state console: the screens a state administrator uses on the state's host (STATE_HOST), never on a
 * council's. Their files are under pages/state-console/ here; on the state's host they answer at the path
 * without that prefix (`/`, `/login`, `/councils/new`…), in English and under /hi in Hindi, and on every
 * council's host they are not found (src/middleware.ts). The state's calls are src/server/councils/state-api.ts.
 */
const screen = { access: 'state' } as const;

export const STATE_MODULE: PortalModule = {
  name: 'state',
  routes: {
    '/state-console/login': { ...screen, query: ['next'], stateOpen: true },
    '/state-console/logout': { ...screen, stateOpen: true },
    '/state-console': { ...screen, query: ['page', 'done'] },
    '/state-console/councils/new': screen,
    '/state-console/councils/[id]': { ...screen, query: ['done'] },
    '/state-console/audit': { ...screen, query: ['page'] },
  },
};
