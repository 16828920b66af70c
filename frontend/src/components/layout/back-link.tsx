import { ArrowLeft } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';

/** The way back from a legal page or the FAQ: to the sign-up form, or to the home page. */
export function BackLink({ to }: { readonly to: 'signup' | 'home' }) {
  return (
    <AppLink
      to="landing"
      {...(to === 'signup' ? { hash: 'signup' } : {})}
      className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-accent hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {to === 'signup' ? 'Back to sign up' : 'Back to home'}
    </AppLink>
  );
}
