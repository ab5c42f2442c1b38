import { defineJob } from '../jobs/job';
import { deliverDueMessages } from './deliver';

/** Every minute, whatever is due: a first try that no poke reached (the committing instance stopped), and retries. */
export const outboxSweepJob = defineJob({
  name: 'outbox-sweep',
  everyMinutes: 1,
  run: async ({ database }) => {
    await deliverDueMessages(database);
  },
});
