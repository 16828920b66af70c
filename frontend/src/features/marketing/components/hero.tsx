/** The promise in one sentence, and what it means for the visitor. */
export function Hero() {
  return (
    <div className="space-y-4">
      <p className="inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent">
        Free · Any phone · No app
      </p>
      <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
        Forward a voice message. Get a text with the summary.
      </h1>
      <p className="max-w-xl text-lg text-pretty text-muted">
        No time to listen? Send any voicemail or voice note to our number and read what it says: a short
        summary first, then the full transcript, by text.
      </p>
    </div>
  );
}
