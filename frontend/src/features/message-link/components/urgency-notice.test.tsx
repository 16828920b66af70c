import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SharedMessageView } from './shared-message-view';

const CODE = 'UrGeNcYcOdEaBcDeFgHiJk';

/** The page's API answer for one message, with `urgency` as given (left out: an API from before issue 25). */
function pageWith(urgency?: unknown) {
  installFakeApi().on('GET', `/api/m/${CODE}`, () => ({
    status: 200,
    body: {
      summary: 'The school nurse: your son has a fever, please pick him up.',
      callback: null,
      transcript: 'This is the school nurse, your son has a fever.',
      words: null,
      received_at: '2026-11-24T09:00:00.000Z',
      language: 'en',
      has_audio: false,
      expires_at: '2026-12-24T09:00:00.000Z',
      ...(urgency === undefined ? {} : { urgency }),
    },
  }));
}

describe('urgency on the message page', () => {
  it.each([
    [{ level: 'urgent', reason: 'a child is sick at school' }, 'Urgent: a child is sick at school'],
    [
      { level: 'likely_spam', reason: 'asks for payment by gift card' },
      'Likely spam: asks for payment by gift card',
    ],
    // Corrected by the operator: the level alone.
    [{ level: 'urgent', reason: null }, 'Urgent'],
  ])('says %o in words near the top, before the summary', async (urgency, line) => {
    pageWith(urgency);
    render(<SharedMessageView code={CODE} />);
    const notice = await screen.findByText(line);
    expect(notice.closest('[data-urgency]')?.querySelector('svg')).not.toBeNull();
    const summary = screen.getByRole('heading', { name: 'Summary' });
    expect(notice.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['a normal message', { level: 'normal', reason: '' }],
    ['a message not judged', null],
    ['an API from before urgency', undefined],
    ['an urgency it does not know', { level: 'severe', reason: 'x' }],
  ])('says nothing for %s', async (_, urgency) => {
    pageWith(urgency);
    render(<SharedMessageView code={CODE} />);
    await screen.findByRole('heading', { name: 'Summary' });
    expect(document.querySelector('[data-urgency]')).toBeNull();
  });
});
