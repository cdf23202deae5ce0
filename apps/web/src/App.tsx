import { useState } from 'react';
import { MessageProvider } from './components/MessageProvider.tsx';
import type { StartedConsole } from './router/createAppRouter.tsx';
import type { SignInFirst } from './router/SignInFirst.tsx';

/** What the first render draws: the console's router, or the sign-in page before it (router/SignInFirst.tsx). */
export type FirstScreen = { console: StartedConsole } | { signIn: typeof SignInFirst };

/**
 * The console: the notices' provider and the router, or before the router the sign-in page that hands over to
 * it. Ant Design's theme and locale are not set here but by `ConsoleTheme`, around every page except the sign-in
 * page, which draws without Ant Design (spec §1, §3).
 */
export function App({
  first,
  startConsole,
}: {
  first: FirstScreen;
  startConsole: () => Promise<StartedConsole>;
}) {
  const [started, setStarted] = useState('console' in first ? first.console : undefined);
  const SignIn = 'signIn' in first ? first.signIn : undefined;
  return (
    <MessageProvider>
      {started ? started.view : SignIn && <SignIn startConsole={startConsole} onStarted={setStarted} />}
    </MessageProvider>
  );
}
