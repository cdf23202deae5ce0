import { useEffect } from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { ConsoleTheme } from './ConsoleTheme.tsx';

/** Ant Design's message holder under the console's theme and locale; hands its API to the provider once mounted. */
export function MessageHost({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  // The holder sits above the router, outside the pages' theme (App.tsx): it takes the theme itself.
  return <ConsoleTheme>{holder}</ConsoleTheme>;
}
