import { AudioLines } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';

/** The frame of every sign-in screen: the service's name (home), a title, the form. */
export function AuthCard({
  title,
  titleRef,
  children,
}: {
  readonly title: string;
  readonly titleRef?: React.Ref<HTMLHeadingElement>;
  readonly children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-surface px-4 py-10 sm:py-16">
      <AppLink to="landing" className="mb-6 flex min-h-11 items-center gap-2 text-lg font-bold text-ink">
        <AudioLines aria-hidden="true" className="size-6 text-accent" />
        Voice Summary
      </AppLink>
      <div className="w-full max-w-sm rounded-2xl border border-line bg-canvas p-6 shadow-sm">
        <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          {title}
        </h1>
        <div className="mt-5">{children}</div>
      </div>
    </main>
  );
}

/** A form-level message: an error (alert) or a success note. */
export function FormMessage({
  kind,
  children,
}: {
  readonly kind: 'error' | 'success';
  readonly children: ReactNode;
}) {
  return kind === 'error' ? (
    <p
      role="alert"
      className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg border border-success bg-success-soft px-3 py-2 text-sm font-medium text-success"
    >
      {children}
    </p>
  );
}

/** A text button that switches between the sign-in screens. */
export function LinkButton({
  onClick,
  children,
}: {
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} className="min-h-11 font-semibold text-accent underline">
      {children}
    </button>
  );
}
