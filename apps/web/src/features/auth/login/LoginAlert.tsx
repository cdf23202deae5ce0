import Alert, { type AlertProps } from 'antd/es/alert';
import { ConsoleTheme } from '../../../components/ConsoleTheme.tsx';

/**
 * The sign-in page's refusal: Ant Design's alert, in the console's theme, which the sign-in page does not load
 * until a sign-in fails (router/createAppRouter.tsx).
 */
export default function LoginAlert(props: AlertProps) {
  return (
    <ConsoleTheme>
      <Alert {...props} />
    </ConsoleTheme>
  );
}
