import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WebhookBox } from './webhook-box';

const WEBHOOK = 'https://voice.example.com/api/receive-message';

describe("Setup's URLs for Twilio (issue 33)", () => {
  it('gives the texts webhook, the voice URL of forwarding numbers and the delivery status callback, each copyable', async () => {
    render(<WebhookBox webhookUrl={WEBHOOK} />);
    expect(screen.getByText(WEBHOOK)).toBeInTheDocument();
    expect(screen.getByText('https://voice.example.com/api/voice')).toBeInTheDocument();
    expect(screen.getByText('https://voice.example.com/api/sms-status')).toBeInTheDocument();
    expect(screen.getByText(/"A call comes in", HTTP POST/)).toBeInTheDocument();
    expect(screen.getByText(/sent with each text, nothing to paste/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy the voice URL' }));
    expect(await navigator.clipboard.readText()).toBe('https://voice.example.com/api/voice');
    await user.click(screen.getByRole('button', { name: 'Copy the delivery status URL' }));
    expect(await navigator.clipboard.readText()).toBe('https://voice.example.com/api/sms-status');
    expect(screen.queryByText(/cannot reach/)).toBeNull();
  });

  it("says Twilio cannot reach this computer's own addresses, numbers bought before included", () => {
    render(<WebhookBox webhookUrl="http://localhost:4100/api/receive-message" />);
    expect(screen.getByText('http://localhost:4100/api/voice')).toBeInTheDocument();
    expect(screen.getByText(/Twilio cannot reach this address/)).toHaveTextContent(
      /PUBLIC_URL=https:\/\/your-tunnel\.example npm start[\s\S]*numbers bought before keep the old address/,
    );
  });
});
