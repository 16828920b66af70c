import type { ReactNode } from 'react';

/** One titled part of the settings form, with its provider's check button under it when it has one. */
export function SettingsGroup({
  title,
  check,
  children,
}: {
  readonly title: string;
  readonly check?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <h3 className="font-bold text-ink">{title}</h3>
      {children}
      {check}
    </section>
  );
}
