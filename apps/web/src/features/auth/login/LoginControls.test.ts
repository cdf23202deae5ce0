import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { loginColors } from './LoginControls.tsx';

// The sign-in page draws its input and button without Ant Design's theme engine: its colours must still be those
// Ant Design's own components take from the theme colour, the default one and any other a user picked.
describe('the sign-in page’s colours', () => {
  for (const colorPrimary of ['#009cff', '#722ed1', '#13c2c2']) {
    it(`are Ant Design's tokens for the theme colour ${colorPrimary}`, () => {
      const token = theme.getDesignToken({ token: { colorPrimary } });
      expect(loginColors(colorPrimary)).toEqual({
        '--login-primary': token.colorPrimary,
        '--login-primary-hover': token.colorPrimaryHover,
        '--login-primary-active': token.colorPrimaryActive,
        '--login-primary-border': token.colorPrimaryBorder,
        '--login-outline': token.controlOutline,
        '--login-error': token.colorError,
        '--login-error-hover': token.colorErrorBorderHover,
        '--login-error-outline': token.colorErrorOutline,
      });
    });
  }
});
