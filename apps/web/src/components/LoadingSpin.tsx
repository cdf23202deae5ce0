import Spin from 'antd/es/spin';
import { ConsoleTheme } from './ConsoleTheme.tsx';

/** A large spinner in the console's theme, for what is drawn above the pages' theme (the guard's wait). */
export default function LoadingSpin() {
  return (
    <ConsoleTheme>
      <Spin size="large" />
    </ConsoleTheme>
  );
}
