import { FileText, ListChecks, ShieldCheck, Smartphone } from 'lucide-react';

const FEATURES = [
  {
    icon: ListChecks,
    title: 'The point, first',
    text: 'Who called, what they want, and the callback number or time, in a sentence or two.',
  },
  {
    icon: FileText,
    title: 'Every word, if you want it',
    text: 'The full transcript follows the summary, for the details you need to keep.',
  },
  {
    icon: Smartphone,
    title: 'Works from any phone',
    text: 'iPhone, Android or WhatsApp: if it can send an audio file by text, it works. No app to install.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'Used only to make your summary, never sold, never shared for marketing. Text STOP at any time.',
  },
] as const;

/** What the service gives a visitor, in four short cards. */
export function FeatureCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-line bg-canvas p-5">
          <Icon aria-hidden="true" className="size-7 text-accent" />
          <h3 className="mt-3 text-lg font-semibold text-ink">{title}</h3>
          <p className="mt-1 text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
