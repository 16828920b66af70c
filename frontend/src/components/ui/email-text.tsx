import { Fragment } from 'react';

/**
 * An email address that wraps where a person would break it, before the @ and before each dot of the domain,
 * never in the middle of a name; only a single part longer than the whole line is broken inside (the last
 * resort, so nothing pushes the page wider). Copying it copies the address unchanged.
 */
export function EmailText({
  email,
  className = '',
}: {
  readonly email: string;
  readonly className?: string;
}) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at);
  const parts = [local, ...domain.split(/(?=\.)/)].filter(Boolean);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
