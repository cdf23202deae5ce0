import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/**
 * How a page that may draw before the router (the sign-in page opened from outside, see `SignInFirst`) reads its
 * address's query and moves to another page. Inside the router `RootShell` gives the router's own navigation;
 * before it, `SignInFirst` starts the console's router at the target. Such a page imports nothing of React
 * Router, so that it downloads without it; every other page uses the router's hooks and links.
 */
export interface PageNavigation {
  /** The query of the current address (`?redirect=…`). */
  search: string;
  /** Opens a page of the console, as the router's `navigate(to, { replace })`. */
  go(to: string, options?: { replace?: boolean }): Promise<void>;
}

export const PageNavigationContext = createContext<PageNavigation | null>(null);

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(PageNavigationContext);
  if (!navigation) throw new Error('usePageNavigation() is called outside the router and SignInFirst.');
  return navigation;
}

/**
 * A link to another page of the console for the pages of `PageNavigation`: a plain click navigates in place, as
 * the router's `Link` does; with a modifier key or another button the browser opens the address itself.
 */
export function PageLink({
  to,
  ...anchor
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const { go } = usePageNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void go(to);
  };
  return <a href={to} onClick={onClick} {...anchor} />;
}
