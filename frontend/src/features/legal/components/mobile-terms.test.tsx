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
});
