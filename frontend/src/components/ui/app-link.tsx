import type { SitePage } from '@core/site/site-paths';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hrefFor, navigate } from '@/lib/navigation';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  readonly to: SitePage;
  readonly hash?: string;
};

/**
 * A link to one of the site's pages: a real `<a href>` (it can be opened in a new tab, copied, crawled),
 * which switches the view in place on a plain click.
 */
export function AppLink({ to, hash, onClick, ...props }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      props.target === '_blank'
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, hash === undefined ? {} : { hash });
  };
  return <a href={hrefFor(to, hash)} onClick={handleClick} {...props} />;
}
