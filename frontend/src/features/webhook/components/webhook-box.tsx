import { twilioUrlsOn } from '@core/calls/twilio-urls';
import { CopyButton } from '@/components/ui/copy-button';
import { LoopbackNote, WebhookUrl } from './webhook-url';

/** One more URL Twilio is given, with what it is for and its copy button. */
function TwilioUrl({
  label,
  url,
  copyLabel,
}: {
  readonly label: string;
  readonly url: string;
  readonly copyLabel: string;
}) {
  return (
    <div>
      <p className="text-sm text-muted">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-48 rounded-md bg-surface px-2 py-1.5 text-sm break-all text-ink">
          {url}
        </code>
        <CopyButton text={url} accessibleLabel={copyLabel} />
      </div>
    </div>
  );
}

/**
 * SPEC: the webhook URL for the SMS provider (HTTP POST; it is the receive-message function), with a copy
 * button, the voice URL of the forwarding numbers and the delivery status callback (issue 33), and the Twilio
 * console steps around them, said here in full (an operator has the dashboard, not the
 * repository's docs). Settings shows it in its Setup section;
 * the home screen's box (sms-integration-box.tsx) shows the URL and leads here.
 */
export function WebhookBox({ webhookUrl }: { readonly webhookUrl: string | null }) {
  if (!webhookUrl) {
    return <p className="text-sm text-muted">The webhook URL is not in this deployment's configuration.</p>;
  }
  const urls = twilioUrlsOn(webhookUrl);
  return (
    <div className="space-y-3">
      <WebhookUrl webhookUrl={webhookUrl} />
      <TwilioUrl
        label='Voice URL for forwarding numbers ("A call comes in", HTTP POST): set on each number the service buys; paste it only where the check below says so.'
        url={urls.voice}
        copyLabel="Copy the voice URL"
      />
      <TwilioUrl
        label="Delivery status callback: sent with each text, nothing to paste; Twilio must be able to reach it."
        url={urls.smsStatus}
        copyLabel="Copy the delivery status URL"
      />
      <LoopbackNote webhookUrl={webhookUrl} />
      <ol aria-label="In the Twilio Console" className="list-decimal space-y-1.5 pl-5 text-sm text-ink">
        <li>Buy a US number that takes SMS and MMS (Phone Numbers, Buy a number).</li>
        <li>
          Open the number (Phone Numbers, Active numbers). Under Messaging Configuration, set "A message comes
          in" to Webhook, this URL, HTTP POST. Twilio signs each request for this exact address: any other
          host or path is refused.
        </li>
        <li>
          Forwarded calls: each subscriber who texts FORWARD gets a number bought in this account, its "A call
          comes in" already set to the voice URL. If this service's address changes (a new tunnel), Check
          below names the numbers still pointing at the old one.
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
