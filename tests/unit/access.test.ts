import path from 'node:path';
import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installPortalModules } from '../../src/modules';
import { projectPages } from '../../scripts/astro/feature-pages.mjs';
import { declarationOf, mayOpen, pageKey, patternForPath, routeTable } from '../../src/server/route-table';
import { activeHref, navEntries, sidebarFor } from '../../src/server/admin-nav';
import type { Role } from '../../src/server/db-schema';
import { canonicalPathname, judgeRequestTarget, pathAndQuery, sameSitePath } from '../../src/lib/canonical-path';
import { resolveRequestClient } from '../../src/server/request-origin';

// The route table is the composition list's, installed as an entry installs it.
installPortalModules();


describe('the route inventory', () => {
  const declared = Object.keys(routeTable());

  it('declares the access of every routed file (src/pages and each module\'s pages), and nothing that has no file', () => {
    const patterns = projectPages(path.resolve('.')).map((page) => page.pattern);
    expect(patterns.filter((pattern) => !declared.includes(pattern))).toEqual([]);
    expect(declared.filter((pattern) => !patterns.includes(pattern))).toEqual([]);
  });

  it('lists every route with its access', () => {
    const inventory = Object.fromEntries(declared.map((pattern) => [pattern, declarationOf(pattern)!.access]));
    expect(inventory['/api/Admin/[type]']).toEqual(['admin', 'editor']);
    expect(inventory['/api/User/complaint/[id]']).toEqual(['admin', 'user']);
    expect(inventory['/audit']).toEqual(['admin']);
    expect(inventory['/notice']).toBe('public');
    // Every API address under Admin is for admins alone, except the content calls editors share (each
    // endpoint refuses an editor what only an admin may do) and reading revisions; under User for signed-in staff.
    const contentCalls = ['/api/Admin/[type]', '/api/Admin/[type]/[id]', '/api/Admin/[type]/[id]/state', '/api/Admin/[type]/[id]/revisions', '/api/Admin/[type]/[id]/revisions/[n]'];
    for (const [pattern, access] of Object.entries(inventory)) {
      if (pattern.startsWith('/api/Admin/')) expect(access, pattern).toEqual(contentCalls.includes(pattern) ? ['admin', 'editor'] : ['admin']);
      if (pattern.startsWith('/api/User/')) expect(access, pattern).toEqual(['admin', 'user']);
    }
  });

  it('finds a declaration whatever the case Astro reports the pattern in, and none for an undeclared one', () => {
    expect(declarationOf('/api/admin/[type]')?.access).toEqual(['admin', 'editor']);
    expect(declarationOf('/api/Admin/nothing')).toBeUndefined();
    expect(declarationOf(undefined)).toBeUndefined();
  });

  it('builds one sidebar from the table, by area, each entry a page the role may open', () => {
    const shape = (role: Role) => sidebarFor(role).map((section) => [section.heading, section.entries.map((entry) => entry.href)]);
    const contentScreens = ['/editabout', '/slider', '/editministerofficeremp', '/editlatestnews', '/edittender', '/editnotice', '/editcircular', '/editofficeorder', '/editgallery', '/editvideogallery', '/editpressrelease'];
    expect(shape('admin')).toEqual([
      [null, ['/dashboard']],
      ['Content', [...contentScreens, '/review-queue', '/alerts', '/translations']],
      ['Citizen services', ['/cases', '/inquiry', '/grievance-performance', '/feedback-inbox', '/notifications', '/water/readings']],
      ['Revenue', ['/counter', '/tax-collection', '/tax-defaulters', '/demand-notice', '/property-register', '/collection-register', '/payment-exceptions']],
      ['Settings', ['/council-settings', '/staff', '/grievance-settings', '/property-tax-settings', '/trade-licence-settings', '/ward-boundaries', '/hindi-names', '/audit']],
    ]);
    expect(shape('user')).toEqual([[null, ['/dashboard']], ['Citizen services', ['/cases', '/inquiry', '/grievance-performance']]]);
    expect(shape('officer')).toEqual([[null, ['/dashboard']], ['Citizen services', ['/cases', '/grievance-performance']]]);
    expect(shape('editor')).toEqual([[null, ['/dashboard']], ['Content', [...contentScreens, '/review-queue']]]);
    expect(shape('cashier')).toEqual([[null, ['/dashboard']], ['Revenue', ['/counter', '/tax-collection', '/tax-defaulters', '/demand-notice', '/collection-register']]]);
    // The licence's reviewers see the inbox, not the grievance desk's public report; the inspector reads meters too.
    for (const role of ['verifier', 'approver'] as const) expect(shape(role)).toEqual([[null, ['/dashboard']], ['Citizen services', ['/cases']]]);
    expect(shape('inspector')).toEqual([[null, ['/dashboard']], ['Citizen services', ['/cases', '/water/readings']]]);
    const roles: Role[] = ['admin', 'user', 'officer', 'editor', 'cashier', 'verifier', 'inspector', 'approver'];
    for (const role of roles) {
      for (const entry of sidebarFor(role).flatMap((section) => section.entries)) expect(mayOpen(declarationOf(entry.href)!.access, role), `${role} ${entry.href}`).toBe(true);
    }
    // Every back office page in the sidebar is in it once; the entries each name their area.
    const hrefs = navEntries().map((entry) => entry.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('marks the entry of the page shown, or of the list a page belongs to', () => {
    const admin = sidebarFor('admin');
    expect(activeHref(admin, '/cases')).toBe('/cases');
    expect(activeHref(admin, '/hi/cases/NPK-PGR-2026-11-23-000001')).toBe('/cases');
    expect(activeHref(admin, '/cases-elsewhere')).toBeUndefined();
    expect(activeHref(admin, '/account')).toBeUndefined();
  });

  it('keys a page on the query parameters its route reads and no others', () => {
    expect(pageKey('/home', '?x=1')).toBe('/home');
    expect(pageKey('/notice', '?x=2&page=3')).toBe('/notice?page=3');
    expect(pageKey('/api/Public/notice', '?media=url&z=1')).toBe('/api/Public/notice?media=url');
    // Routes that are never cached keep their query as it came.
    expect(pageKey('/no-such-page', '?a=1')).toBe('/no-such-page?a=1');
    expect(pageKey('/search', '?q=water&x=1')).toBe('/search?q=water&x=1');
    expect(pageKey('/api/Admin/audit', '?entity=notice&x=1')).toBe('/api/Admin/audit?entity=notice&x=1');
    expect(patternForPath('/api/Public/complaint')).toBe('/api/Public/complaint');
    expect(patternForPath('/api/Public/notice')).toBe('/api/Public/[type]');
    expect(patternForPath('/holiday-calendar/2026.svg')).toBe('/holiday-calendar/[year].svg');
  });

  it('finds, for an address of every declared route, that route, as Astro ranks them (the Node entry answers the rest as not found)', () => {
    const wrong = Object.keys(routeTable()).flatMap((pattern) => {
      const address = pattern.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'x1');
      return patternForPath(address) === pattern ? [] : [`${address}: ${patternForPath(address)} instead of ${pattern}`];
    });
    expect(wrong).toEqual([]);
    // A rest parameter takes any number of segments, none included; a plain segment outranks a parameter.
    expect(patternForPath('/open311/v2/requests.json')).toBe('/open311/[...path]');
    expect(patternForPath('/api/Admin/alerts/7')).toBe('/api/Admin/alerts/[id]');
    expect(patternForPath('/no-such-page')).toBeUndefined();
  });
});

describe('one canonical path', () => {
  it.each([
    ['//api/Admin/audit', '/api/Admin/audit'],
    ['///api/Admin/audit', '/api/Admin/audit'],
    ['/./api/Admin/audit', '/api/Admin/audit'],
    ['/.//api/Admin/audit', '/api/Admin/audit'],
    ['/\\api/Admin/audit', '/api/Admin/audit'],
    ['/x/../api/Admin/audit', '/api/Admin/audit'],
    ['/x/%2e%2E/api/Admin/audit', '/api/Admin/audit'],
    ['/notice/', '/notice'],
    ['/notice/?page=2', '/notice?page=2'],
    ['/../../etc/passwd', '/etc/passwd'],
  ])('sends %s to %s', (target, location) => {
    expect(judgeRequestTarget(target)).toEqual({ kind: 'redirect', location });
  });

  it('does not find encoded slashes or backslashes, or a target that is not a path', () => {
    for (const target of ['/api/Admin%2Faudit', '/api%2fAdmin/audit', '/api/Admin%5Caudit', 'http://evil.example/x', '*']) {
      expect(judgeRequestTarget(target)).toEqual({ kind: 'not-found' });
    }
  });

  it('leaves canonical paths alone, the query included', () => {
    for (const target of ['/', '/notice', '/notice?page=2&x=//y', '/api/Admin/[type]', '/media/abc.pdf']) {
      expect(judgeRequestTarget(target)).toEqual({ kind: 'canonical' });
    }
  });

  const segment = fc.constantFrom('', '.', '..', '%2e', '%2E.', 'api', 'Admin', 'audit', 'notice', '\\', 'x', '%2F', ';x', 'A');
  const mutatedPath = fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join('/')}`);

  it('answers any mutated path with itself, a redirect to a canonical same-site path, or not found (property)', () => {
    fc.assert(
      fc.property(mutatedPath, (target) => {
        const verdict = judgeRequestTarget(target);
        if (verdict.kind === 'redirect') {
          expect(verdict.location.startsWith('/')).toBe(true);
          expect(verdict.location.startsWith('//')).toBe(false);
          expect(judgeRequestTarget(verdict.location)).toEqual({ kind: 'canonical' });
        }
        if (verdict.kind === 'canonical') {
          expect(canonicalPathname(target)).toBe(target);
          expect(target).not.toMatch(/\/\/|\\|\/\.\.?(\/|$)|%2f|%5c/i);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a canonical target\'s path and query as URL parsing does, the plain paths it skips the parse for included (property)', () => {
    const piece = fc.constantFrom('/', 'notice', 'hi', '.', '..', '.well-known', 'a.b', '~x', '-', '_', 'é', '%41', ' ', '"', '<', '?', 'page=2', '&', '#', ':', '@', '!', "'");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const target = `/${pieces.join('')}`;
        // The Node entry asks it of canonical targets only (others were answered before).
        fc.pre(judgeRequestTarget(target).kind === 'canonical');
        const url = new URL(target, 'http://canonical.invalid');
        expect(pathAndQuery(target)).toEqual({ pathname: url.pathname, search: url.search });
      }),
      { numRuns: 3000 },
    );
  });
});

describe('where sign-in may send a visitor next', () => {
  it('keeps canonical same-site paths, and nothing that needs normalising or is the sign-in page', () => {
    expect(sameSitePath('/editnotice')).toBe('/editnotice');
    expect(sameSitePath('/audit?page=2')).toBe('/audit?page=2');
    for (const raw of ['/.//evil.example/x', '/\\evil.example', '//evil.example', '/x/../editnotice', 'https://evil.example', 'evil.example', '/%2F%2Fevil.example', '/login', '/LOGIN', '/./LOGIN/', '', null, '/\u0000x']) {
      expect(sameSitePath(raw)).toBeNull();
    }
  });

  it('never answers a path a browser would read as another site (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tail) => {
        const next = sameSitePath(`/${tail}`);
        if (next !== null) expect(next).toMatch(/^\/(?![/\\])/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the client address', () => {
  function request(headers: Record<string, string>, socketAddress = '127.0.0.1'): IncomingMessage {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: socketAddress });
    const req = new IncomingMessage(socket);
    req.headers = { ...headers };
    return req;
  }

  it('is the socket\'s without a trusted proxy, whatever X-Forwarded-For says, and the header is removed', () => {
    const req = request({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }, '198.51.100.4');
    expect(resolveRequestClient(req, 0)).toEqual({ address: '198.51.100.4', https: false });
    expect(req.headers['x-forwarded-for']).toBeUndefined();
    expect(req.headers['x-forwarded-host']).toBeUndefined();
  });

  it('is the N-th address from the right behind N trusted proxies', () => {
    const header = { 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2', 'x-forwarded-proto': 'http, https, http' };
    expect(resolveRequestClient(request(header), 1)).toEqual({ address: '10.0.0.2', https: false });
    expect(resolveRequestClient(request(header), 2)).toEqual({ address: '203.0.113.9', https: true });
    expect(resolveRequestClient(request({}, '10.0.0.1'), 2)).toEqual({ address: '10.0.0.1', https: false });
  });
});
