import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqItems } from '../content/faq-items';
import { FaqAccordion } from './faq-accordion';

const items = faqItems({
  serviceName: 'Voice Summary',
  contactEmail: 'help@example.com',
  retention: { audioDays: 30, transcriptDays: 90 },
});

describe('the FAQ accordion', () => {
  it('opens and closes each answer from the keyboard, and moves between questions with the arrows', async () => {
    render(<FaqAccordion items={items} />);
    const user = userEvent.setup();
    const first = screen.getByRole('button', { name: 'How do I forward a voice message from an iPhone?' });
    const second = screen.getByRole('button', {
      name: 'How do I forward a voice message from an Android phone?',
    });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/tap the Share button/i)).not.toBeVisible();

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(first.getAttribute('aria-controls')!);
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/Tap the Share button/);

    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'How do I stop the texts?' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
  });

  it('answers from the same facts the service enforces', () => {
    render(<FaqAccordion items={items} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('MP3, WAV, M4A, AAC, FLAC, OGG/Opus, AMR, 3GP, WebM or CAF');
    expect(text).toContain('up to 25 MB');
    expect(text).toMatch(/STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT work too/);
    expect(text).toContain('Audio is deleted automatically 30 days after it arrives.');
  });

  it('says who can open the link in a reply, and for how long', () => {
    render(<FaqAccordion items={items} />);
    expect(screen.getByRole('button', { name: 'Who can open the link in my reply?' })).toBeInTheDocument();
    expect(document.body.textContent).toContain(
      'Anyone who has that link can read that message, until the link expires or the message is deleted, at the latest 90 days after it arrives',
    );
  });
});
