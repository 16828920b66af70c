/** The usage counters as the use cases get them: a failed add is logged, never thrown. */
import type { UsageCounter } from '../ports/usage-counter';
import { logger } from './observability';
import { once } from './once';
import { usageCounter } from './repositories';

export const usage = once((): UsageCounter => {
  const counter = usageCounter();
  return {
    add: async (date, delta) => {
      try {
        await counter.add(date, delta);
      } catch (error) {
        // The work it counts is done; a missed count is a small error in a chart, a thrown one a retried step.
        logger.warn('Usage not counted', { date, delta, error: (error as Error).message });
      }
    },
    range: (from, to) => counter.range(from, to),
  };
});
