/**
 * A lane in which jobs run one after another, each starting when the one before it has settled. Work that
 * takes much memory while it runs (decoding a picture, drawing a PDF) goes through a lane, so a crowd asking
 * for it at once costs one job's memory at a time, and waits its turn instead.
 */
export function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>) => {
    const result = queue.then(job, job);
    queue = result.catch(() => undefined);
    return result;
  };
}
