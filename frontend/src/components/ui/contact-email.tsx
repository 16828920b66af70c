/** The service's contact email as a mailto link, or where to find it while it is not known yet. */
export function ContactEmail({
  email,
  className,
}: {
  readonly email: string | null;
  readonly className: string;
}) {
  if (!email) return <>the contact address at the bottom of this page</>;
  return (
    <a className={className} href={`mailto:${email}`}>
      {email}
    </a>
  );
}
