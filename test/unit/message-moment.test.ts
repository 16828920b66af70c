/**
 * A moment in a message's recording as its page's link carries it: `#t=42` opens the page at 0:42 (issue 24,
 * "Number unclear, listen at 0:42"). What the service writes reads back; what a person may type reads too;
 * anything else names no moment.
 */
import { describe, expect, it } from 'vitest';
import { momentFragment, momentFromFragment, momentLabel } from '#core/messages/message-moment';

describe('a moment in a message link', () => {
  it('is written as whole seconds and read back', () => {
    expect(momentFragment(42.8)).toBe('#t=42');
    expect(momentFragment(-3)).toBe('#t=0');
    expect(momentFromFragment(momentFragment(42.8))).toBe(42);
  });

  it.each([
    ['#t=42', 42],
    ['t=42', 42],
    ['#t=42.5', 42.5],
    ['#t=0:42', 42],
    ['#t=12:05', 725],
    ['#t=1:02:03', 3723],
    ['#t=0', 0],
  ])('reads %s as %d s', (hash, seconds) => {
    expect(momentFromFragment(hash)).toBe(seconds);
  });

  it.each([
    '',
    '#',
    '#top',
    '#t=',
    '#t=abc',
    '#t=-5',
    '#t=0:75',
    '#t=1:2:3:4',
    '#t=42&x=1',
    '#t=1.5:00',
    '#t=99999',
  ])('reads %j as no moment', (hash) => {
    expect(momentFromFragment(hash)).toBeNull();
  });

  it('is shown as a person reads a time in a recording', () => {
    expect(momentLabel(0)).toBe('0:00');
    expect(momentLabel(42.9)).toBe('0:42');
    expect(momentLabel(725)).toBe('12:05');
    expect(momentLabel(3723)).toBe('1:02:03');
  });
});
