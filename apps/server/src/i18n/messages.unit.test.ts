import { describe, expect, it } from 'vitest';
import { t } from './messages.ts';

describe('server messages', () => {
  it('fill their placeholders', () => {
    expect(t('en', 'passwordTooShort', { min: 8 })).toBe('Passwords have at least 8 characters');
    expect(t('zh', 'passwordTooShort', { min: 8 })).toBe('密码至少 8 位');
  });

  it('take the plural form the count calls for in each language', () => {
    const subject = (lang: 'zh' | 'en', count: number) =>
      t(lang, 'cards.expiryNotice.subject', { iccid: '89860400000000000016', count });
    expect([30, 7, 1, 0].map((n) => subject('en', n))).toEqual([
      'Internet card 89860400000000000016 expires in 30 days',
      'Internet card 89860400000000000016 expires in 7 days',
      'Internet card 89860400000000000016 expires in 1 day',
      'Internet card 89860400000000000016 expires in 0 days',
    ]);
    expect([30, 1].map((n) => subject('zh', n))).toEqual([
      '流量卡 89860400000000000016 将于 30 天后到期',
      '流量卡 89860400000000000016 将于 1 天后到期',
    ]);
  });
});
