import type { NavigationType } from 'react-router';

/** Where the page area last was: the address (path and query) and the route name of its page. */
export interface Shown {
  path: string;
  name: string;
}

/**
 * A page that replaces its own address (a step of its flow, like the renewal's form giving way to the order's
 * payment) stays one page in one tab: the tab and the kept page move to the new address instead of a second tab
 * keeping the earlier step mounted beside it. A replace navigation to another page, or any push, is a visit.
 */
export function isPageStep(type: NavigationType, from: Shown | null, to: Shown): boolean {
  return type === 'REPLACE' && from !== null && from.name === to.name && from.path !== to.path;
}
