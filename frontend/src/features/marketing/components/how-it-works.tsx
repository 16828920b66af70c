import { Forward, MessageSquareText, UserPlus } from 'lucide-react';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Sign up and save our number',
    text: 'One tap adds it to your contacts. Asked for texts? Text JOIN and the code the page shows to it.',
  },
  {
    icon: Forward,
    title: 'Forward a voice message',
    text: 'Share a voicemail, voice memo or WhatsApp voice note to our number by text.',
  },
  {
    icon: MessageSquareText,
    title: 'Read it instead',
    text: 'A text comes back with the summary first, then the transcript. Usually within a minute.',
  },
] as const;

/** Three steps, numbered, so a visitor knows what they are signing up for. */
export function HowItWorks() {
  return (
    <ol className="grid gap-4 sm:grid-cols-3">
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="rounded-xl border border-line bg-canvas p-5">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-accent text-base font-bold text-on-accent"
            >
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="size-6 text-accent" />
          </div>
          <h3 className="mt-4 text-lg font-semibold text-ink">
            <span className="sr-only">Step {index + 1}: </span>
            {title}
          </h3>
          <p className="mt-1 text-muted">{text}</p>
        </li>
      ))}
    </ol>
  );
}
