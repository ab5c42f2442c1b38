import { kernelSource } from './features/cases/case-source.server';
import { addCaseSource } from './features/cases/case-sources.server';
import { STALL_PERMIT } from './features/stall-permit/stall-permit.service';
import { readConfig } from './server/config';

/**
 * Services the staff's screens and API serve beyond the kernel's registry, added at app level. Today only
 * the stall permit of the tests, and only when a test start asks for it (CASE_TEST_SERVICE=1, never in
 * production), so the one inbox and case page are shown serving a second service.
 */
if (process.env.CASE_TEST_SERVICE === '1' && !readConfig().production) addCaseSource(kernelSource(STALL_PERMIT));
