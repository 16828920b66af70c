import { TEXTED_COMMANDS } from '@core/commands/texted-commands';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqItems } from './faq-items';

describe('the FAQ', () => {
  it('names every word of every command the number answers (core/commands/texted-commands.ts)', () => {
    const items = faqItems({
      serviceName: 'Voice Summary',
      contactEmail: 'help@example.com',
      retention: null,
    });
    const { container } = render(items.map((item) => <section key={item.id}>{item.answer}</section>));
    const text = container.textContent ?? '';
    for (const command of TEXTED_COMMANDS) {
      for (const word of command.words) expect(text, word).toMatch(new RegExp(`(^|[^A-Z])${word}([^A-Z]|$)`));
    }
  });
});
