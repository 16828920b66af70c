/** Which numbers replies may go to: by country (libphonenumber's regions), not by calling code. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_COUNTRIES, mayReplyTo } from '#core/delivery/destinations';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
const allowed = (number: string, countries: readonly string[]) =>
  mayReplyTo(regions.countryOf(number), countries);

describe('where replies may go', () => {
  it.each([
    ['+14155550132', 'US', true],
    ['+16475550199', 'CA', true],
    ['+18765550123', 'JM', false],
    ['+12425550123', 'BS', false],
    ['+442079460958', 'GB', false],
  ])('%s is in %s: by default a reply may go there: %s', (number, country, expected) => {
    expect(regions.countryOf(number)).toBe(country);
    expect(allowed(number, DEFAULT_REPLY_COUNTRIES)).toBe(expected);
  });

  it('follows the countries an operator allows', () => {
    expect(allowed('+442079460958', ['US', 'CA', 'GB'])).toBe(true);
    expect(allowed('+14155550132', ['CA'])).toBe(false);
  });

  it('never replies to something that is not a valid number', () => {
    expect(regions.countryOf('+1415')).toBeNull();
    expect(allowed('+1415', DEFAULT_REPLY_COUNTRIES)).toBe(false);
    expect(allowed('test-user', DEFAULT_REPLY_COUNTRIES)).toBe(false);
  });
});
