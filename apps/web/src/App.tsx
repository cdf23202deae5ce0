import { type DataRouter, RouterProvider } from 'react-router';
import { MessageProvider } from './components/MessageProvider.tsx';

/**
 * The console: the notices' provider and the router. Ant Design's theme and locale are not set here but by
 * `ConsoleTheme`, around every page except the sign-in page, which draws without Ant Design (spec §1, §3).
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <MessageProvider>
      <RouterProvider router={router} />
    </MessageProvider>
  );
}
