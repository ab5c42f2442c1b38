import { describe, expect, it } from 'vitest';
import { installedModules, installedServices, installModules, type PortalModule } from '../../src/features/modules';
import { JOBS, MODULES } from '../../src/modules';
import { resetProcessSingleton } from '../../src/server/singleton';
import { payableOf } from '../../src/features/payments/payable';

/**
 * The composition list: one list names every module, each entry installs it, and what features read of each
 * other (payables, verifiables, jobs) comes from it alone. A wiring mistake says so at once.
 */
describe('the composition list of modules', () => {
  it('says plainly when something is read before an entry installed the list', () => {
    resetProcessSingleton('portal-modules');
    expect(() => payableOf('property-tax')).toThrow('No modules are installed');
  });

  it('gives each payable kind, verifiable kind and job from the list, each once', () => {
    installModules(MODULES);
    expect(installedModules().map((m) => m.name)).toEqual(MODULES.map((m) => m.name));
    // The services are the modules' own, in the list's order; the payments module made each one's fee payable.
    expect(installedServices().map((s) => s.name)).toEqual(['grievance', 'trade-licence', 'water']);
    expect(payableOf('property-tax').kind).toBe('property-tax');
    expect(payableOf('trade-licence').kind).toBe('trade-licence');
    expect(() => payableOf('water')).toThrow('no module declares the payable kind water');
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['outbox-sweep', ...MODULES.flatMap((m) => m.jobs ?? []).map((j) => j.name)]));
  });

  it('refuses a list in which two modules declare the same kind or name', () => {
    const twice: PortalModule[] = [...MODULES, { name: 'copy', payables: installedModules().flatMap((m) => m.payables ?? []).slice(0, 1) }];
    expect(() => installModules(twice)).toThrow(/Two modules declare the payable kind/);
    expect(() => installModules([...MODULES, { name: 'payments' }])).toThrow('Two modules declare the module payments.');
  });

  it('holds the number series every module declares, and refuses a list in which two share a name or a code', () => {
    const series = [...MODULES.flatMap((m) => m.series ?? []), ...installedServices().map((s) => s.series)].map((s) => s.name);
    expect(series).toEqual(expect.arrayContaining(['grievance', 'trade-licence', 'licence', 'receipt']));
    expect(() => installModules([...MODULES, { name: 'copy', services: [installedServices()[0]] }])).toThrow('two services share the name grievance');
    const receipts = MODULES.flatMap((m) => m.series ?? []).find((s) => s.name === 'receipt')!;
    expect(() => installModules([...MODULES, { name: 'copy', series: [{ ...receipts, name: 'bills' }] }])).toThrow('Two number series share the code RCT.');
    expect(() => installModules([...MODULES, { name: 'copy', series: [{ ...receipts, code: 'BIL' }] }])).toThrow('Two number series share the name receipt.');
  });
});
