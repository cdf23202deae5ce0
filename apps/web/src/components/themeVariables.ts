import type { ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from '../config/settings.ts';

/**
 * The class that carries Ant Design's CSS variables under the console's default theme colour. The build writes
 * every component's variables for that colour into its stylesheet under this class (apps/web/antdStyles.ts), and
 * a page under it computes none of them while it draws; another colour gets a class of its own, whose variables are
 * computed and written as the page draws, as Ant Design does.
 */
export const PREBUILT_VARIABLES_CLASS = 'css-var-console';

/**
 * The class of the variables for `themeColor`: the build's for the default colour exactly as the build wrote it (the
 * seed's text is part of the tokens' path), one per other colour.
 */
export function variablesClassOf(themeColor: string): string {
  return themeColor === DEFAULT_SETTINGS.themeColor
    ? PREBUILT_VARIABLES_CLASS
    : `css-var-${themeColor.replace(/[^0-9a-z]/gi, '').toLowerCase()}`;
}

/**
 * The console's one set of design tokens for Ant Design: the seed tokens (the settings' theme colour; the rest Ant
 * Design's defaults), from which Ant Design derives every other token and writes them as CSS variables. Zero-runtime
 * mode: no component writes its rules while a page draws; they are the build's stylesheet, which reads every token
 * from those variables, so a change of theme colour changes the variables only. (Here, not with the theme provider,
 * so that the build reads the same theme without loading Ant Design.)
 */
export const consoleTheme = (themeColor: string): ThemeConfig => ({
  token: { colorPrimary: themeColor },
  zeroRuntime: true,
  cssVar: { key: variablesClassOf(themeColor) },
});
