import { isThisMachineOnly } from '@core/calls/twilio-urls';
import { CopyButton } from '@/components/ui/copy-button';

/** Whether Twilio could reach this address: not a name or address only this machine answers to. */
export const isLoopbackUrl = isThisMachineOnly;

/**
 * The webhook URL for the SMS provider (SPEC: HTTP POST; it is the receive-message function) with its copy
 * button: the line the home screen's box and Settings > Setup share.
 */
export function WebhookUrl({ webhookUrl }: { readonly webhookUrl: string }) {
  return (
    <div>
      <p className="text-sm text-muted">
        Webhook URL for incoming messages (<span className="font-semibold text-ink">HTTP POST</span>):
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-48 rounded-md bg-surface px-2 py-1.5 text-sm break-all text-ink">
          {webhookUrl}
        </code>
        <CopyButton text={webhookUrl} accessibleLabel="Copy the webhook URL" />
      </div>
    </div>
  );
}

/**
 * What to do when the URL is this machine's own (`npm start` without PUBLIC_URL): Twilio, on the internet,
 * cannot reach localhost, so the operator puts a tunnel in front and names its address in PUBLIC_URL.
 */
export function LoopbackNote({
  webhookUrl,
  compact = false,
}: {
  readonly webhookUrl: string;
  /** The home screen's box: one sentence, the how in Setup. */
  readonly compact?: boolean;
}) {
  if (!isLoopbackUrl(webhookUrl)) return null;
  const port = new URL(webhookUrl).port || '80';
  if (compact) {
    return (
      <p className="rounded-lg bg-doubt-soft px-3 py-2 text-sm text-ink">
        Twilio cannot reach this address: it is this computer's own. To connect a real number, put an HTTPS
        tunnel in front and set <code>PUBLIC_URL</code> (the full steps say how).
      </p>
    );
  }
  return (
    <p className="rounded-lg bg-doubt-soft px-3 py-2 text-sm text-ink">
      Twilio cannot reach this address: it is this computer's own. For real texts, run an HTTPS tunnel to port{' '}
      {port} (for example <code>cloudflared tunnel --url http://localhost:{port}</code>), start the service
      again with <code>PUBLIC_URL=https://your-tunnel.example npm start</code> (the tunnel's address), and
      give Twilio the URLs shown here then (numbers bought before keep the old address: Check names them).
      Until then, <code>npm run sms</code> sends voice messages from this computer as Twilio would.
    </p>
  );
}
