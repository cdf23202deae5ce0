import { createContext, type ReactNode, useContext } from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * Ant Design's message API bound to the theme and locale of the console. It stands in for antd's `App`, which
 * would also pull the modal and notification code into the sign-in page's first download.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The console's message API (success, error...); falls back to the static one outside the provider. */
export const useMessage = (): MessageInstance => useContext(MessageContext) ?? message;
