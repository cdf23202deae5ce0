import { fileURLToPath } from 'node:url';
import { expect, signInAsAdmin, test } from '../support/fixtures.ts';

const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

test('an administrator uploads a firmware package on the update screen and sees it unsigned', async ({
  page,
}) => {
  // Sign-in, the screen's chunk and the upload on a slow, shared CI machine.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/operation/update');
  const packages = page.getByTestId('firmware-packages');
  await expect(packages).toBeVisible();
  await page.getByRole('button', { name: /上\s*传/ }).click();
  const dialog = page.getByRole('dialog');
  const name = `e2e-sc4g-${Date.now()}.bin`;
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('firmware '.repeat(100)),
  });
  await dialog.getByLabel('采集器类型').fill('SC-4G');
  await dialog.getByLabel('版本').fill('2.1.0');
  await dialog.getByRole('button', { name: /上\s*传/ }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const row = packages.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('未签名', { timeout: 30_000 });
  await expect(row).toContainText('2.1.0');
  await page.screenshot({ animations: 'disabled', path: shot('firmware-packages-zh') });
});
