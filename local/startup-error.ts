/** A start-up problem a person can fix; `local/main.ts` prints its message as one line. */
export class StartupError extends Error {}
