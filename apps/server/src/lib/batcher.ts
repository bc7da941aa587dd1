/**
 * Group commit for the application: work that arrives while a batch is running waits, and goes
 * together in the next batch as soon as that one is done. Nothing waits on a timer: alone, an
 * item runs at once in a batch of one; under load, batches grow by themselves with the number
 * of items in flight. One batch runs at a time (up to `maxSize` items), in the order the items
 * came.
 *
 * `gatherMs`, for work nobody is waiting for (a log): an item that finds no batch running waits
 * that long for others before its batch starts, so the work goes in fewer, larger batches.
 *
 * `run` answers one result per item, in their order, or throws to fail the whole batch.
 */
export function createBatcher<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  options: { maxSize: number; gatherMs?: number },
): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxSize);
      queue = queue.slice(batch.length);
      try {
        const results = await run(batch.map((waiting) => waiting.item));
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length}`);
        batch.forEach((waiting, index) => waiting.resolve(results[index]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      if (options.gatherMs === undefined) {
        void drain();
      } else {
        running = true;
        setTimeout(() => void drain(), options.gatherMs);
      }
    });
}
