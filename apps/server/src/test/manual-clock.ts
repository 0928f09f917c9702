import type { Clock } from '../modules/system/job/scheduler.js';

type Timer = { at: number; order: number; fn: () => unknown };

export type ManualClock = Clock & {
  /**
   * Moves time on by `ms`, calling each timer that falls due on the way in order, at its own time,
   * and after each one waiting for `settle` (such as the scheduler's `idle()`), so that what a timer
   * starts has finished before time moves on, as it would within a real second.
   */
  advance(ms: number, settle?: () => Promise<unknown>): Promise<void>;
};

/** A clock that stands still until the test moves it, so that no test waits for real time. */
export function manualClock(start: Date): ManualClock {
  let now = start.getTime();
  let order = 0;
  const timers = new Set<Timer>();
  const earliestDue = (end: number) => {
    let first: Timer | undefined;
    for (const t of timers) {
      if (t.at > end) continue;
      if (!first || t.at < first.at || (t.at === first.at && t.order < first.order)) first = t;
    }
    return first;
  };
  return {
    now: () => new Date(now),
    setTimer(fn, ms) {
      const timer = { at: now + Math.max(0, ms), order: order++, fn };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    async advance(ms, settle) {
      const end = now + ms;
      for (let timer = earliestDue(end); timer; timer = earliestDue(end)) {
        timers.delete(timer);
        now = timer.at;
        timer.fn();
        await settle?.();
      }
      now = end;
    },
  };
}
