/**
 * Twilio's test-credential account SID: it stands in for an account on this machine, where none is configured
 * (the local runtime's media fetches, and the webhook and status posts `npm run sms` makes as Twilio would).
 */
export const LOCAL_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
