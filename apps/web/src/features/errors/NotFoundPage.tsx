import { ErrorPage } from './ErrorPage.tsx';

/** `/404`: unknown paths end here. */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
