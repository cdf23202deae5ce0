import { createContext, useContext } from 'react';
import type { PageRoute } from './types.ts';

/**
 * The page route a kept page belongs to. A hidden tab's page keeps rendering under the router's current
 * location, so it reads its own route from here instead of the router's matches.
 */
export const PageRouteContext = createContext<PageRoute | null>(null);

export const usePageRoute = (): PageRoute | null => useContext(PageRouteContext);
