import { LoopbackNote, WebhookUrl } from './webhook-url';

/**
 * SPEC: the webhook URL for the SMS provider (HTTP POST; it is the receive-message function), with a copy
 * button and the Twilio console steps around it, said here in full (an operator has the dashboard, not the
 * repository's docs). Settings shows it in its Setup section;
 * the home screen's box (sms-integration-box.tsx) shows the URL and leads here.
 */
export function WebhookBox({ webhookUrl }: { readonly webhookUrl: string | null }) {
  if (!webhookUrl) {
    return <p className="text-sm text-muted">The webhook URL is not in this deployment's configuration.</p>;
  }
  return (
    <div className="space-y-3">
      <WebhookUrl webhookUrl={webhookUrl} />
      <LoopbackNote webhookUrl={webhookUrl} />
      <ol aria-label="In the Twilio Console" className="list-decimal space-y-1.5 pl-5 text-sm text-ink">
        <li>Buy a US number that takes SMS and MMS (Phone Numbers, Buy a number).</li>
        <li>
          Open the number (Phone Numbers, Active numbers). Under Messaging Configuration, set "A message comes
          in" to Webhook, this URL, HTTP POST. Twilio signs each request for this exact address: any other
          host or path is refused.
        </li>
        <li>
          In Messaging, Settings, Advanced Opt-Out: keep Twilio's STOP handling and turn off its own HELP and
          START replies; the service sends its own.
        </li>
        <li>
          Register your brand and an A2P 10DLC campaign (Messaging, Regulatory compliance) and add the number
          to the campaign's Messaging Service: US carriers block texts from unregistered numbers. The
          campaign's sample messages must match the replies, and links must be on your own domain.
        </li>
      </ol>
    </div>
  );
}
