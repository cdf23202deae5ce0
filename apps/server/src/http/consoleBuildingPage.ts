import { t, type Lang } from '../i18n/messages.ts';

/** Seconds after which the page asks again (its `refresh` and the answer's `Retry-After`). */
export const CONSOLE_BUILDING_RETRY_SECONDS = 3;

const OTHER: Record<Lang, Lang> = { zh: 'en', en: 'zh' };

/**
 * What a console route answers while `npm start` builds the console beside the server: a plain page in the
 * caller's language, the other language below it (a first visit has chosen none yet), that reloads by itself until
 * the console is there. No script: the console's own are what is missing.
 */
export function consoleBuildingPage(lang: Lang): string {
  const other = OTHER[lang];
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${CONSOLE_BUILDING_RETRY_SECONDS}">
<title>${t(lang, 'consoleBuilding.title')}</title>
<style>body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;
max-width:640px;margin:15vh auto;padding:0 16px;line-height:1.6}h1{font-size:20px;color:#009cff}
.other{color:#646a73;font-size:14px;margin-top:24px}</style></head>
<body><h1>${t(lang, 'consoleBuilding.title')}</h1><p role="status">${t(lang, 'consoleBuilding.text')}</p>
<p class="other" lang="${other === 'zh' ? 'zh-CN' : 'en'}">${t(other, 'consoleBuilding.title')}<br>${t(other, 'consoleBuilding.text')}</p>
</body>
</html>
`;
}
