import { MessageSquareText } from 'lucide-react';
import { LoopbackNote, WebhookUrl } from './webhook-url';

export const SMS_INTEGRATION_TITLE = 'SMS integration';

/**
 * SPEC: the home screen's SMS integration info box: the webhook URL for the SMS provider (HTTP POST; it is the
 * receive-message function) with a copy button, and a way to the full Twilio steps in Settings > Setup.
 */
export function SmsIntegrationBox({
  webhookUrl,
  onOpenSetup,
}: {
  readonly webhookUrl: string | null;
  /** Opens Settings on its Setup section, where the Twilio console steps are. */
  readonly onOpenSetup: () => void;
}) {
  return (
    <section
      aria-labelledby="sms-integration-title"
      className="min-w-0 space-y-3 rounded-xl border border-line bg-canvas p-4"
    >
      <h2 id="sms-integration-title" className="flex items-center gap-2 font-bold text-ink">
        <MessageSquareText aria-hidden="true" className="size-5 shrink-0 text-accent" />
        {SMS_INTEGRATION_TITLE}
      </h2>
      {webhookUrl ? (
        <>
          <WebhookUrl webhookUrl={webhookUrl} />
          <LoopbackNote webhookUrl={webhookUrl} compact />
        </>
      ) : (
        <p className="text-sm text-muted">The webhook URL is not in this deployment's configuration.</p>
      )}
      <button
        type="button"
        onClick={onOpenSetup}
        className="text-sm font-semibold text-accent underline underline-offset-2 hover:text-accent-strong"
      >
        See the full Twilio steps
      </button>
    </section>
  );
}
