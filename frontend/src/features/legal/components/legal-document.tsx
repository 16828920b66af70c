import type { ReactNode } from 'react';

/** A legal page's text: a title, its effective date, and numbered sections that read like a person wrote them. */
export function LegalDocument({
  title,
  effectiveDate,
  intro,
  children,
}: {
  readonly title: string;
  readonly effectiveDate: string;
  readonly intro: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <article className="legal space-y-8 leading-relaxed text-ink">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-muted">Effective {effectiveDate}</p>
        <div className="space-y-3 text-lg">{intro}</div>
      </header>
      {children}
    </article>
  );
}

/** One section of a legal page, with an anchor so it can be linked to. */
export function LegalSection({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const legalLinkClass = 'font-medium text-accent underline';
export const legalListClass = 'list-disc space-y-2 pl-6';
