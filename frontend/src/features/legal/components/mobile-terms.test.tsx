import { DELETE_CODE_TEXTS_PER_DAY, DELETE_LAST_CODE_DIGITS } from '@core/commands/delete';
import { TEXTED_COMMANDS } from '@core/commands/texted-commands';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MobileTerms } from './mobile-terms';

describe('the mobile terms', () => {
  it('name every word of every command the number answers (core/commands/texted-commands.ts)', () => {
    const { container } = render(<MobileTerms serviceName="Voice Summary" contactEmail="help@example.com" />);
    const text = container.textContent ?? '';
    for (const command of TEXTED_COMMANDS) {
      for (const word of command.words) expect(text, word).toMatch(new RegExp(`(^|[^A-Z])${word}([^A-Z]|$)`));
    }
  });

  it('say how the owner can always erase, even after someone else asked for every code (issue 31)', () => {
    const { container } = render(<MobileTerms serviceName="Voice Summary" contactEmail="help@example.com" />);
    const text = (container.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(
      `once we have texted your number its ${DELETE_CODE_TEXTS_PER_DAY} codes of the day (even if someone else asked for them), we send no more that day, and the last one, ${DELETE_LAST_CODE_DIGITS} digits long, works until midnight UTC`,
    );
  });
});
