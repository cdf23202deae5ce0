import {
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  useMemo,
  useRef,
  useState,
} from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { generateColorPalettes } from 'antd/es/theme/themes/default/colors';
import getAlphaColor from 'antd/es/theme/util/getAlphaColor';
import { useLayoutStore } from '../../../store/layoutStore.ts';
import { LoginIcon } from './LoginIcon.tsx';

/*
 * The sign-in page's input and button: plain elements drawn as Ant Design's large outlined input and primary
 * block button (auth.css), so that the first page of the console does not download the Input, Button and Form
 * packages. The colours are those Ant Design derives from the theme colour, by its own palette functions (a few
 * kilobytes) instead of its theme and style engine, which the sign-in page does not load.
 */

/** Ant Design's error colour (its seed `colorError`), which the console's theme keeps. */
const ERROR_SEED = '#ff4d4f';
/** The background the outlines are seen on (Ant Design's `colorBgContainer`). */
const CONTAINER = '#ffffff';

/** The colours auth.css uses (`--login-*`) for a theme colour: Ant Design's tokens of the same names. */
export function loginColors(themeColor: string): CSSProperties {
  const primary = generateColorPalettes(themeColor);
  const error = generateColorPalettes(ERROR_SEED);
  return {
    '--login-primary': primary[6], // colorPrimary
    '--login-primary-hover': primary[5], // colorPrimaryHover
    '--login-primary-active': primary[7], // colorPrimaryActive
    '--login-primary-border': primary[3], // colorPrimaryBorder
    '--login-outline': getAlphaColor(primary[1], CONTAINER), // controlOutline
    '--login-error': error[6], // colorError
    '--login-error-hover': error[4], // colorErrorBorderHover
    '--login-error-outline': getAlphaColor(error[1], CONTAINER), // colorErrorOutline
  } as CSSProperties;
}

/** The theme's colours as CSS variables for auth.css (`--login-*`). */
export function useLoginColors(): CSSProperties {
  const themeColor = useLayoutStore((s) => s.settings.themeColor);
  return useMemo(() => loginColors(themeColor), [themeColor]);
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'type'> & {
  prefix: ReactNode;
  invalid: boolean;
  /** A password: hidden, with the eye that shows it. */
  secret?: boolean;
};

/** A text or password field with its icon in front, red while `invalid`. */
export function LoginInput({ prefix, invalid, secret, ...input }: InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  return (
    // A click anywhere in the box puts the caret in the field, as in Ant Design's inputs.
    <span
      className={`login-input${invalid ? ' login-input-error' : ''}`}
      onMouseDown={(e) => {
        if (e.target !== ref.current) {
          e.preventDefault();
          ref.current?.focus();
        }
      }}
    >
      <span className="login-input-prefix">{prefix}</span>
      <input
        ref={ref}
        type={secret && !shown ? 'password' : 'text'}
        aria-invalid={invalid || undefined}
        {...input}
      />
      {secret && (
        <span className="login-input-suffix" onClick={() => setShown((v) => !v)}>
          <LoginIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
        </span>
      )}
    </span>
  );
}

const TWO_CHINESE_CHARS = /^[\u4E00-\u9FA5]{2}$/;

/** The primary submit button across the form; a spinner while `loading`. */
export function LoginButton({
  loading,
  children,
  testId,
}: {
  loading: boolean;
  children: string;
  testId: string;
}) {
  // Ant Design spaces out a two-character Chinese label (登 录); so does this button.
  const label = TWO_CHINESE_CHARS.test(children) ? children.split('').join(' ') : children;
  return (
    <button
      type="submit"
      className={`login-button${loading ? ' login-button-loading' : ''}`}
      data-testid={testId}
      aria-busy={loading || undefined}
    >
      {loading && <LoginIcon icon={LoadingOutlined} className="login-button-icon" />}
      <span>{label}</span>
    </button>
  );
}
