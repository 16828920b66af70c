import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { FaqItem } from '../content/faq-items';

/**
 * Questions that open in place (WAI-ARIA accordion): each question is a button with `aria-expanded` inside a
 * heading; Enter or Space opens and closes it, Up and Down (Home, End) move between questions.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  readonly items: FaqItem[];
  readonly headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-canvas">
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id}>
            <Heading className="text-base font-semibold">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-4 py-3 text-left text-ink hover:bg-surface sm:px-5"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-muted transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="space-y-3 px-4 pb-4 leading-relaxed text-muted sm:px-5"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
