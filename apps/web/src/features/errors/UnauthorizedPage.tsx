import { ErrorPage } from './ErrorPage.tsx';

/** `/401`: a page whose route name is not in the user's menu list. */
export function UnauthorizedPage() {
  return <ErrorPage status={403} />;
}
