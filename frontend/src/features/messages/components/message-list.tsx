import type { Message } from '@core/messages/message';
import { type KeyboardEvent, useState } from 'react';
import { MessageRow, ROW_COLUMNS } from './message-row';

/** Keys that move between rows, and where to. */
const MOVES: Readonly<Record<string, (here: number, last: number) => number>> = {
  ArrowDown: (here, last) => Math.min(last, here + 1),
  ArrowUp: (here) => Math.max(0, here - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The messages as rows, like a mail or issue list (issue 26): one Tab stop for the whole list (the row the
 * keyboard last stood on, else the first, and its action button), the arrow keys (Home, End) moving between
 * rows, Enter or Space opening a row in place and closing it again. Rows stay open while the list changes around them; Tab from an
 * open row goes into it, then on past the list.
 */
export function MessageList({
  messages,
  label,
}: {
  readonly messages: readonly Message[];
  readonly label: string;
}) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [current, setCurrent] = useState<string | null>(null);
  const stop = messages.some((m) => m.id === current) ? current : (messages[0]?.id ?? null);

  const toggle = (id: string) =>
    setOpened((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const move = (event: KeyboardEvent<HTMLOListElement>) => {
    const target = event.target as HTMLElement;
    // Only a row's own button: the keys mean other things inside an open row (a transcript's shaded words).
    if (!target.matches('[data-row]')) return;
    const go = MOVES[event.key];
    if (!go) return;
    const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-row]')];
    const here = rows.indexOf(target);
    event.preventDefault();
    rows[go(here, rows.length - 1)]?.focus();
  };

  return (
    // Not overflow-hidden: the exact time's tooltip may reach below the last row. The rows' own corners follow the box's.
    <div className="rounded-xl border border-line bg-canvas">
      <div
        aria-hidden="true"
        className={`hidden rounded-t-xl border-b border-line bg-surface px-3 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase md:grid ${ROW_COLUMNS} gap-x-3`}
      >
        <span>Status</span>
        <span>From</span>
        <span>Message</span>
        <span className="pr-5 text-right">Received</span>
      </div>
      <ol
        aria-label={label}
        onKeyDown={move}
        className="[&>li:first-child>button]:rounded-t-xl md:[&>li:first-child>button]:rounded-t-none [&>li:last-child>button[aria-expanded=false]]:rounded-b-xl"
      >
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            open={opened.has(message.id)}
            tabbable={message.id === stop}
            onToggle={() => toggle(message.id)}
            onFocus={() => setCurrent(message.id)}
          />
        ))}
      </ol>
    </div>
  );
}

/** What the list looks like while its first page loads: rows' shapes, never "(0)" (hidden from screen readers). */
export function MessageListPlaceholder({ rows = 6 }: { readonly rows?: number }) {
  return (
    <div
      aria-hidden="true"
      data-placeholder
      className="overflow-hidden rounded-xl border border-line bg-canvas"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          key={i}
          className={`grid ${ROW_COLUMNS} items-center gap-x-3 gap-y-2 border-b border-line px-3 py-3 last:border-b-0`}
        >
          <span className="col-start-1 row-start-2 h-4 w-20 animate-pulse rounded-full bg-line md:row-start-1" />
          <span className="col-span-2 col-start-1 row-start-1 h-4 w-36 animate-pulse rounded bg-line md:col-span-1 md:col-start-2" />
          <span
            className="col-span-2 col-start-2 row-start-2 h-4 animate-pulse rounded bg-line md:col-span-1 md:col-start-3 md:row-start-1"
            style={{ width: `${90 - ((i * 17) % 40)}%` }}
          />
          <span className="col-start-3 row-start-1 h-4 w-14 animate-pulse rounded bg-line md:col-start-4" />
        </div>
      ))}
    </div>
  );
}
