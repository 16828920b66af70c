import { CircleAlert } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../utils/settings-sections';

/** The ids that tie a section's tab to its panel. */
export const tabId = (base: string, section: SettingsSection) => `${base}-tab-${section}`;
export const panelId = (base: string, section: SettingsSection) => `${base}-panel-${section}`;

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * The sections of Settings as tabs: one Tab stop (the section shown), the arrow keys (either way, as the list
 * is a column on a laptop and wraps into rows on a phone), Home and End move and show at once. A section with
 * a problem to fix says so with a mark and in words.
 */
export function SettingsTabs({
  base,
  active,
  invalid,
  onSelect,
}: {
  readonly base: string;
  readonly active: SettingsSection;
  readonly invalid: readonly SettingsSection[];
  readonly onSelect: (section: SettingsSection) => void;
}) {
  const tabs = useRef(new Map<SettingsSection, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const index = SETTINGS_SECTIONS.findIndex((section) => section.id === active);
    const next = SETTINGS_SECTIONS[move(index, SETTINGS_SECTIONS.length)]!.id;
    onSelect(next);
    tabs.current.get(next)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Settings sections"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 sm:flex-col sm:flex-nowrap"
    >
      {SETTINGS_SECTIONS.map(({ id, label }) => {
        const selected = id === active;
        return (
          <button
            key={id}
            ref={(element) => {
              if (element) tabs.current.set(id, element);
              else tabs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={tabId(base, id)}
            aria-controls={panelId(base, id)}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(id)}
            className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-left text-sm font-semibold whitespace-nowrap ${
              selected ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface hover:text-ink'
            }`}
          >
            {label}
            {invalid.includes(id) && (
              <>
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-danger" />
                <span className="sr-only">(has a problem to fix)</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
