import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SmsIntegrationBox } from './sms-integration-box';
import { WebhookBox } from './webhook-box';
import { isLoopbackUrl } from './webhook-url';

const AWS_URL = 'https://abc123.execute-api.us-east-1.amazonaws.com/api/receive-message';

describe("the home screen's SMS integration box", () => {
  it('gives the webhook URL for HTTP POST with a copy button, and leads to the full steps in Setup', async () => {
    const onOpenSetup = vi.fn();
    render(<SmsIntegrationBox webhookUrl={AWS_URL} onOpenSetup={onOpenSetup} />);
    const box = screen.getByRole('region', { name: 'SMS integration' });
    expect(within(box).getByText(AWS_URL)).toBeInTheDocument();
    expect(within(box).getByText('HTTP POST')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(box).getByRole('button', { name: 'Copy the webhook URL' }));
    expect(await navigator.clipboard.readText()).toBe(AWS_URL);
    expect(within(box).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'See the full Twilio steps' }));
    expect(onOpenSetup).toHaveBeenCalledTimes(1);
    // A public address: nothing about tunnels.
    expect(within(box).queryByText(/PUBLIC_URL/)).toBeNull();
  });

  it("says Twilio cannot reach this computer's own address, and how to give it one (PUBLIC_URL and a tunnel)", () => {
    render(
      <SmsIntegrationBox webhookUrl="http://localhost:3000/api/receive-message" onOpenSetup={() => {}} />,
    );
    const box = screen.getByRole('region', { name: 'SMS integration' });
    expect(box).toHaveTextContent(/Twilio cannot reach this address/);
    expect(box).toHaveTextContent(/an HTTPS tunnel in front and set PUBLIC_URL/);
  });

  it('in Setup, says how: the tunnel to the port and PUBLIC_URL', () => {
    render(<WebhookBox webhookUrl="http://localhost:3000/api/receive-message" />);
    expect(screen.getByText(/Twilio cannot reach this address/)).toHaveTextContent(
      /cloudflared tunnel --url http:\/\/localhost:3000\).*PUBLIC_URL=https:\/\/your-tunnel\.example npm start/,
    );
    expect(screen.getByRole('list', { name: 'In the Twilio Console' })).toBeInTheDocument();
  });

  it('says when the deployment gives no webhook URL', () => {
    render(<SmsIntegrationBox webhookUrl={null} onOpenSetup={() => {}} />);
    expect(
      screen.getByText("The webhook URL is not in this deployment's configuration."),
    ).toBeInTheDocument();
  });
});

describe('an address Twilio cannot reach', () => {
  it.each([
    ['http://localhost:3000/api/receive-message', true],
    ['http://127.0.0.1:3000/x', true],
    ['http://[::1]:3000/x', true],
    ['http://voice.localhost:3000/x', true],
    [AWS_URL, false],
    ['https://voice.example.com/api/receive-message', false],
    ['not a url', false],
  ])('%s: %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback);
  });
});
