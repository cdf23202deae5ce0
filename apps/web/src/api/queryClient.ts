import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the signed-in console. The request client already refreshes tokens, so queries are not
 * retried on their own. Provided by the layout: the sign-in pages do without it and stay small.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
