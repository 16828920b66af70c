/**
 * An `sms:` link that opens the messaging app with `body` written to `number` (E.164). `?&body=` is the form
 * both iOS (which reads `&body=`) and Android (which reads `?body=`) understand.
 */
export const smsLink = (number: string, body: string) => `sms:${number}?&body=${encodeURIComponent(body)}`;

/** Whether the browser is a phone's (its messaging app answers an sms: link); a computer's shows the words. */
export const isPhoneBrowser = (userAgent: string = navigator.userAgent) =>
  /Android|iPhone|iPod|Windows Phone|Mobile/i.test(userAgent);
