import { type CSSProperties, type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined } from '@ant-design/icons';
import useToken from 'antd/es/theme/useToken';

/*
 * The sign-in page's input and button: plain elements drawn as Ant Design's large outlined input and primary
 * block button (auth.css), so that the first page of the console does not download the Input, Button and Form
 * packages. The colours come from the theme in use, as Ant Design's own components take them.
 */

/** The theme's colours as CSS variables for auth.css (`--login-*`). */
export function useLoginColors(): CSSProperties {
  const [, token] = useToken();
  return {
    '--login-primary': token.colorPrimary,
    '--login-primary-hover': token.colorPrimaryHover,
    '--login-primary-active': token.colorPrimaryActive,
    '--login-primary-border': token.colorPrimaryBorder,
    '--login-outline': token.controlOutline,
    '--login-error': token.colorError,
    '--login-error-hover': token.colorErrorBorderHover,
    '--login-error-outline': token.colorErrorOutline,
  } as CSSProperties;
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
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
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
      {loading && <LoadingOutlined className="login-button-icon" />}
      <span>{label}</span>
    </button>
  );
}
