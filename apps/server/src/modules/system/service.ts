import { LOGO_MAX_BYTES, type TestMailResult, type UploadedFile } from '@solarops/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/openDatabase.ts';
import { storeImage } from '../../http/storeImage.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import { loadSettings, saveSettings } from './consoleSettings.ts';

/**
 * Stores an uploaded platform logo under the files directory and makes it the console's logo; returns its URL.
 * Refuses a file too large (413) or not a png, jpeg or webp (400 on `file`) and changes nothing then.
 */
export async function saveLogo(
  db: Database,
  config: Parameters<typeof loadSettings>[1] & Pick<Config, 'filesDir'>,
  file: UploadedFile,
): Promise<string> {
  const logo = await storeImage(config.filesDir, 'branding', file, LOGO_MAX_BYTES, 'logo-');
  await saveSettings(db, { ...(await loadSettings(db, config)), logo });
  return logo;
}

/** Sends one test mail; says whether it went, with the SMTP server's own words when it did not. */
export async function sendTestMail(mailer: Mailer, to: string): Promise<TestMailResult> {
  try {
    await mailer.send({
      to,
      subject: 'SolarOps 测试邮件 / test mail',
      text: '这是一封测试邮件，邮件设置可用。\n\nThis is a test mail: the mail settings work.\n',
    });
    return { sent: true, error: null };
  } catch (err) {
    // The SMTP server's own words help the administrator most (wrong host, refused login...).
    return { sent: false, error: err instanceof Error ? err.message : String(err) };
  }
}
