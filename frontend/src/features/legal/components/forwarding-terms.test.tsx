import { UNCONDITIONAL_CODES } from '@core/calls/carrier-codes';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForwardingTerms } from './forwarding-terms';
import { PrivacyPolicy } from './privacy-policy';

describe('the terms of voicemail by call forwarding (issue 33)', () => {
  it('give each carrier’s conditional code and its undo, the test call and the known limits', () => {
    const { container } = render(<ForwardingTerms />);
    const text = (container.textContent ?? '').replace(/\s+/g, ' ');
    for (const code of ['*923125550100#', '*93#', '*713125550100', '*73', '**004*+13125550100#', '##004#']) {
      expect(text).toContain(code);
    }
    expect(text).toContain('call your phone from another phone and let it ring');
    expect(text).toContain('Settings > Phone > Live Voicemail');
    expect(text).toMatch(/prepaid plans and roaming may refuse/);
    expect(text).toContain('kept for 7 days');
    for (const code of UNCONDITIONAL_CODES) expect(text).not.toContain(code);
  });

  it('are matched by the privacy policy: callers’ recordings fetched, deleted at Twilio, erased by DELETE', () => {
    const { container } = render(
      <PrivacyPolicy
        serviceName="Voice Summary"
        contactEmail="help@example.com"
        siteUrl="https://voice.example.com"
        retention={null}
      />,
    );
    const text = (container.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('we fetch the recording from Twilio and delete it there at once');
    expect(text).toContain('Recordings callers leave on your forwarding number are audio like any other');
    expect(text).toContain('the messages callers left on your forwarding number');
  });
});
