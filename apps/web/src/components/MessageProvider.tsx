import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MessageInstance } from 'antd/es/message/interface';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** Shows a short notice: text and, optionally, how many seconds it stays; settles when it closes. */
type Show = (content: ReactNode, seconds?: number) => Promise<void>;

/** The console's short notices. */
export type Messages = Record<Kind, Show>;

const MessageContext = createContext<Messages | null>(null);

// The message code (Ant Design's message and notification) loads with the first notice, not with the sign-in page.
const MessageHost = lazy(() => import('./MessageHost.tsx').then((m) => ({ default: m.MessageHost })));

/**
 * Ant Design's message API bound to the theme and locale of the console. It stands in for antd's `App`, which
 * would also pull the modal and notification code into the sign-in page's first download; notices asked for
 * before the holder is ready wait for it.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<MessageInstance | null>(null);
  const waiting = useRef<((ready: MessageInstance) => void)[]>([]);

  const messages = useMemo<Messages>(() => {
    const show =
      (kind: Kind): Show =>
      (content, seconds) =>
        new Promise((resolve) => {
          const run = (ready: MessageInstance) => void ready[kind](content, seconds).then(() => resolve());
          if (api.current) run(api.current);
          else {
            waiting.current.push(run);
            setWanted(true);
          }
        });
    return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  }, []);

  const onReady = useCallback((ready: MessageInstance) => {
    api.current = ready;
    for (const run of waiting.current.splice(0)) run(ready);
  }, []);

  return (
    <MessageContext.Provider value={messages}>
      {wanted && (
        <Suspense>
          <MessageHost onReady={onReady} />
        </Suspense>
      )}
      {children}
    </MessageContext.Provider>
  );
}

/**
 * The console's message API (success, error...). Notices render in the provider's holder, inside the console's
 * React tree, under its theme and locale; there is no fallback to Ant Design's static `message`, whose roots of
 * their own outlive the screen that opened them.
 */
export function useMessage(): Messages {
  const messages = useContext(MessageContext);
  if (!messages) throw new Error('useMessage() is called outside <MessageProvider>: wrap the tree in it.');
  return messages;
}
