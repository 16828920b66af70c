import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '@/lib/format-time';

/**
 * "2 min ago", kept current, with the exact time on hover and on keyboard focus (a small tooltip), and for
 * screen readers in full.
 */
export function RelativeTime({ iso }: { readonly iso: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const exact = exactTime(iso);
  return (
    <time
      dateTime={iso}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the exact time shows from the keyboard too
      tabIndex={0}
      className="group relative cursor-help rounded-sm underline decoration-dotted"
    >
      <span aria-hidden="true">{relativeTime(iso, now)}</span>
      <span className="sr-only">{exact}</span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-full left-0 z-10 mt-1 hidden rounded-md bg-ink px-2 py-1 text-xs whitespace-nowrap text-canvas shadow group-hover:block group-focus:block"
      >
        {exact}
      </span>
    </time>
  );
}
