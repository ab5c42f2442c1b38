/**
 * Kept only so that the pages which still import it build: the tests' stall permit is now listed with the
 * other services by the kernel's registry (src/features/cases/registry.ts). To be removed with those imports.
 */
export {};
