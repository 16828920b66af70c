import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SharedMessageView } from './shared-message-view';

const CODE = 'CaRdScOdE0123456789_-x';

/** The page's API, its message offering the `cards` given. */
function pageWith(cards: unknown) {
  const api = installFakeApi();
  api.on('GET', `/api/m/${CODE}`, () => ({
    status: 200,
    body: {
      summary: 'Rebecca from Dr. Patel’s office: your results are in.',
      callback: 'Call back: (206) 555-0142, tomorrow at 10',
      transcript: 'Hi, this is Rebecca from Dr. Patel’s office.',
      words: null,
      received_at: '2026-11-26T15:00:00.000Z',
      language: 'en',
      has_audio: false,
      expires_at: '2026-12-26T15:00:00.000Z',
      ...(cards === undefined ? {} : { cards }),
    },
  }));
}

describe('"Add to contacts" and "Add to calendar" on the message page', () => {
  it('are links that download the message’s cards, the event named with its time', async () => {
    pageWith({
      contact: true,
      event: {
        title: 'Call back Rebecca (Dr. Patel’s office)',
        starts_at: '2026-11-27T18:00:00.000Z',
        all_day: false,
        time_zone: 'America/Los_Angeles',
      },
    });
    render(<SharedMessageView code={CODE} />);
    const contact = await screen.findByRole('link', { name: 'Add to contacts' });
    expect(contact).toHaveAttribute('href', `/api/m/${CODE}/contact.vcf`);
    expect(contact).toHaveAttribute('download');
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', `/api/m/${CODE}/event.ics`);
    // In the zone the sender's time was read in: 10 AM in Los Angeles, wherever the browser is.
    expect(calendar).toHaveAccessibleDescription(
      /^Call back Rebecca \(Dr\. Patel’s office\), .*Nov 27.* 10:00\sAM PST$/,
    );
    // Keyboard: Tab reaches them in order, after the summary.
    const user = userEvent.setup();
    await user.tab();
    expect(contact).toHaveFocus();
    await user.tab();
    expect(calendar).toHaveFocus();
  });

  it('name a deadline by the time it is due, not the half hour before it', async () => {
    // "Give me a call before we close at 5:30": the event is 5:00 to 5:30, the page says "by 5:30".
    pageWith({
      contact: false,
      event: {
        title: 'Call back Fairview Auto',
        starts_at: '2026-11-29T23:00:00.000Z',
        all_day: false,
        time_zone: 'America/Chicago',
        due_at: '2026-11-29T23:30:00.000Z',
      },
    });
    render(<SharedMessageView code={CODE} />);
    const calendar = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAccessibleDescription(/^Call back Fairview Auto, by .*Nov 29.* 5:30\sPM CST$/);
  });

  it('offer only the cards there are: a contact alone, an all-day event alone, or nothing', async () => {
    pageWith({ contact: true, event: null });
    const { unmount } = render(<SharedMessageView code={CODE} />);
    expect(await screen.findByRole('link', { name: 'Add to contacts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    unmount();

    pageWith({
      contact: false,
      event: { title: 'Call back', starts_at: '2026-11-27', all_day: true, time_zone: 'America/Chicago' },
    });
    const second = render(<SharedMessageView code={CODE} />);
    const calendar = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAccessibleDescription(/^Call back, .*Nov 27$/);
    expect(screen.queryByRole('link', { name: 'Add to contacts' })).toBeNull();
    second.unmount();

    for (const cards of [{ contact: false, event: null }, undefined]) {
      pageWith(cards);
      const view = render(<SharedMessageView code={CODE} />);
      expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Save it' })).toBeNull();
      view.unmount();
    }
  });

  it('say why there is no event: beside a contact card, or alone when there is nothing to save', async () => {
    const heard = 'No calendar event: the day or time in "Friday at 9." was not heard clearly enough.';
    pageWith({ contact: true, event: null, no_event: heard });
    const first = render(<SharedMessageView code={CODE} />);
    expect(await screen.findByRole('link', { name: 'Add to contacts' })).toBeInTheDocument();
    expect(screen.getByText(heard)).toBeInTheDocument();
    first.unmount();

    const none = 'No calendar event: no day and time to keep were said.';
    pageWith({ contact: false, event: null, no_event: none });
    const second = render(<SharedMessageView code={CODE} />);
    expect(await screen.findByText(none)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Save it' })).toBeNull();
    second.unmount();
  });
});
