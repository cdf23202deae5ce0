import type { ManualLanguage } from '@solarops/contracts';
import { t, type MessageKey } from '../../i18n/messages.ts';
import type { NewestVersion } from './queries.ts';

/*
 * The pages a technician's phone shows after scanning a manual's QR code when the file itself cannot be the answer:
 * the manual exists only in the other language (a notice, then the file), or no manual exists for the model. Plain
 * HTML that reads on a small screen without the console's scripts.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;
padding:24px 16px;color:#1f2329;line-height:1.5;max-width:720px;margin:0 auto}h1{font-size:20px;margin:0 0 16px}
.notice{background:#fff7e6;border:1px solid #ffd591;border-radius:8px;padding:12px 14px;margin-bottom:16px}
.open{display:block;background:#009cff;color:#fff;text-align:center;padding:14px;border-radius:8px;
text-decoration:none;font-size:17px}.meta{color:#646a73;font-size:14px;margin:12px 0}
img{max-width:100%;border:1px solid #e5e6eb;border-radius:4px}`;

function page(lang: ManualLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body>
</html>
`;
}

const text = (lang: ManualLanguage, key: MessageKey, params: Record<string, string | number> = {}) =>
  escapeHtml(t(lang, key, params));

/** `1.4 MB`, `320 KB`: a size as people read it. */
export function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The notice page for a manual asked for in `lang` that exists only in `other`: the notice in the language asked
 * for, a button to the other language's address (the file itself), and a picture shown in place.
 */
export function fallbackPage(
  lang: ManualLanguage,
  fileUrl: string,
  manual: Pick<NewestVersion, 'model' | 'name' | 'version' | 'fileType' | 'sizeBytes' | 'savedAt'>,
): string {
  const isPicture = manual.fileType !== 'pdf';
  const open = text(lang, 'manual.page.open', {
    type: manual.fileType.toUpperCase(),
    size: readableSize(manual.sizeBytes),
  });
  const version = text(lang, 'manual.page.version', {
    version: manual.version,
    date: manual.savedAt.toISOString().slice(0, 10),
  });
  return page(
    lang,
    t(lang, 'manual.page.title', { model: manual.model }),
    `<h1>${text(lang, 'manual.page.title', { model: manual.model })}</h1>
<p class="notice" role="status">${text(lang, 'manual.page.fallback')}</p>
<p><strong>${escapeHtml(manual.name)}</strong></p>
<a class="open" href="${escapeHtml(fileUrl)}">${open}</a>
<p class="meta">${version}</p>
${isPicture ? `<img src="${escapeHtml(fileUrl)}" alt="${escapeHtml(manual.name)}">` : ''}`,
  );
}

/** The page for a model without any manual. */
export function notFoundPage(lang: ManualLanguage, model: string): string {
  return page(
    lang,
    t(lang, 'manual.page.notFoundTitle'),
    `<h1>${text(lang, 'manual.page.notFoundTitle')}</h1>
<p class="notice" role="alert">${text(lang, 'manual.page.notFound', { model })}</p>`,
  );
}
