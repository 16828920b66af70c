import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, fieldMessages } from './error-message';

const WORDS = { fallback: 'Save failed', unreachable: 'No connection', unexpected: 'Something broke' };

describe('errorMessage', () => {
  it("gives the server's own words when it sent any", () => {
    expect(errorMessage(new ApiError(409, 'Already taken.'), WORDS)).toBe('Already taken.');
  });

  it("gives the caller's words for an answer without any, for no answer, and for anything else", () => {
    expect(errorMessage(new ApiError(500, null), WORDS)).toBe('Save failed');
    expect(errorMessage(new ApiError(0, null), WORDS)).toBe('No connection');
    expect(errorMessage(new TypeError('x is undefined'), WORDS)).toBe('Something broke');
  });

  it('falls back to the one fallback when the caller gives nothing more', () => {
    expect(errorMessage(new ApiError(0, null), { fallback: 'Upload failed' })).toBe('Upload failed');
    expect(errorMessage(new Error('boom'), { fallback: 'Upload failed' })).toBe('Upload failed');
  });
});

describe('fieldMessages', () => {
  it("keeps the server's first message for each field it named", () => {
    const error = new ApiError(400, 'Invalid settings', [
      { field: 'twilio_phone_number', message: 'Use E.164.' },
      { field: 'twilio_phone_number', message: 'Second problem.' },
      { field: 'reply_countries', message: 'Two letters.' },
    ]);
    expect(fieldMessages(error)).toEqual({
      twilio_phone_number: 'Use E.164.',
      reply_countries: 'Two letters.',
    });
  });

  it('names no field for any other failure', () => {
    expect(fieldMessages(new Error('boom'))).toEqual({});
  });
});
