import type { FaqItem } from '../content/faq-items';

/** Every question with its answer in full, as the FAQ page reads: easy to scan, search and link to. */
export function FaqList({ items }: { readonly items: FaqItem[] }) {
  return (
    <div className="space-y-8">
      {items.map((item) => (
        <section key={item.id} id={item.id} aria-labelledby={`${item.id}-title`} className="scroll-mt-4">
          <h2 id={`${item.id}-title`} className="text-xl font-semibold text-ink">
            {item.question}
          </h2>
          <div className="mt-2 space-y-3 leading-relaxed text-muted">{item.answer}</div>
        </section>
      ))}
    </div>
  );
}
