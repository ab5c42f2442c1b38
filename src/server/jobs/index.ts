/** Jobs on a real queue: declared once (job.ts), run by pg-boss on PostgreSQL or in process on SQLite. Knows no feature. */
export { defineJob, cronFor, type JobDefinition, type JobContext } from './job';
export { startJobs, type JobRunner } from './runner';
