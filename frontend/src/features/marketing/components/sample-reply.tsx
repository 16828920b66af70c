/**
 * What a reply looks like, shown as the text conversation it is: the forwarded voice message, then the
 * summary and the transcript. The example's number is a fictional 555-01XX one.
 */
export function SampleReply({ serviceName }: { readonly serviceName: string }) {
  return (
    <figure className="max-w-md rounded-2xl border border-line bg-canvas p-4 shadow-sm">
      <figcaption className="text-sm font-semibold text-muted">What you get back</figcaption>
      <div className="mt-3 space-y-2 text-[0.95rem] leading-snug">
        <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-accent px-3 py-2 text-on-accent">
          <span aria-hidden="true">▶ </span>Voice message, 0:48
        </p>
        <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md bg-surface px-3 py-2 text-ink">
          {serviceName} summary: Maria from Dr. Lee's office: Your appointment moved to Thursday at 3pm; call
          to confirm.
          <br />
          Call back: (415) 555-0132
        </p>
        <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md bg-surface px-3 py-2 text-ink">
          Transcript: Hi, this is Maria from Dr. Lee's office calling about your appointment on Tuesday...
        </p>
      </div>
    </figure>
  );
}
