import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '@/lib/format-time';

/**
 * "2 min ago", kept current, with the exact time on hover and on keyboard focus (a small tooltip), and for
 * screen readers in full. Inside something focusable of its own (a list row's button), it is not a Tab stop:
 * the tooltip then shows on that element's hover and focus (its `group`), to the left when it ends a row.
 */
export function RelativeTime({
  iso,
  focusable = true,
  align = 'start',
}: {
  readonly iso: string;
  readonly focusable?: boolean;
  readonly align?: 'start' | 'end';
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const exact = exactTime(iso);
  return (
    <time
      dateTime={iso}
      // Focusable so the exact time shows from the keyboard too (unless the row around it takes the focus).
      tabIndex={focusable ? 0 : undefined}
      className={`relative cursor-help rounded-sm underline decoration-dotted ${focusable ? 'group' : ''}`}
    >
      <span aria-hidden="true">{relativeTime(iso, now)}</span>
      <span className="sr-only">{exact}</span>
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute top-full z-10 mt-1 hidden rounded-md bg-ink px-2 py-1 text-xs whitespace-nowrap text-canvas shadow group-hover:block group-focus:block ${align === 'end' ? 'right-0' : 'left-0'}`}
      >
        {exact}
      </span>
    </time>
  );
}
