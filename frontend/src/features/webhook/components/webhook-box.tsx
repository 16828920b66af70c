import { Check, Copy, MessageSquare } from 'lucide-react';
import { useCopy } from '@/lib/clipboard';

/**
 * SPEC: "An SMS integration info box that gives the webhook URL for the SMS provider (HTTP POST; it is the
 * receive-message function)", with a copy button and where it goes in Twilio's console.
 */
export function WebhookBox({ webhookUrl }: { readonly webhookUrl: string | null }) {
  const { state, copy } = useCopy();
  const copied = state === 'copied';
  return (
    <section aria-labelledby="webhook-title" className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="webhook-title" className="flex items-center gap-2 font-bold text-ink">
        <MessageSquare aria-hidden="true" className="size-5 text-accent" />
        SMS integration
      </h2>
      {webhookUrl ? (
        <>
          <p className="mt-2 text-sm text-muted">
            Webhook URL for incoming messages (<span className="font-semibold">HTTP POST</span>):
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 rounded-md bg-surface px-2 py-1.5 text-sm break-all text-ink">
              {webhookUrl}
            </code>
            <button
              type="button"
              onClick={() => copy(webhookUrl)}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong px-3 text-sm font-semibold text-ink hover:bg-surface"
            >
              {copied ? (
                <Check aria-hidden="true" className="size-4 text-success" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? 'Copied!' : 'Copy'}
            </button>
          </div>
          <p className="mt-2 text-sm text-muted">
            In the Twilio Console: Phone Numbers, your number, Messaging configuration, "A message comes in":
            Webhook, this URL, HTTP POST.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">The webhook URL is not in this deployment's configuration.</p>
      )}
    </section>
  );
}
