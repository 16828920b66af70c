/** The current time as an ISO-8601 string; a port so tests can fix it. */
export type Clock = () => string;
export const systemClock: Clock = () => new Date().toISOString();
