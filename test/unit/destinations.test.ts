/** Which numbers replies may go to: by country, not by calling code. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_COUNTRIES, destinationCountry, mayReplyTo } from '../../lambdas/core/destinations';

describe('where replies may go', () => {
  it.each([
    ['+14155550132', 'US', true],
    ['+16475550199', 'CA', true],
    ['+18765550123', 'JM', false],
    ['+12425550123', 'BS', false],
    ['+442079460958', 'GB', false],
  ])('%s is in %s: by default a reply may go there: %s', (number, country, allowed) => {
    expect(destinationCountry(number)).toBe(country);
    expect(mayReplyTo(number, DEFAULT_REPLY_COUNTRIES)).toBe(allowed);
  });

  it('follows the countries an operator allows', () => {
    expect(mayReplyTo('+442079460958', ['US', 'CA', 'GB'])).toBe(true);
    expect(mayReplyTo('+14155550132', ['CA'])).toBe(false);
  });

  it('never replies to something that is not a valid number', () => {
    expect(mayReplyTo('+1415', DEFAULT_REPLY_COUNTRIES)).toBe(false);
    expect(mayReplyTo('test-user', DEFAULT_REPLY_COUNTRIES)).toBe(false);
  });
});
