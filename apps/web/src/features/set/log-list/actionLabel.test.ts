import { describe, expect, it } from 'vitest';
import { actionLabel } from './actionLabel.ts';

const ZH: Record<string, string> = {
  'set.log.actions.confirmAlarm': '确认告警',
  'set.log.actions.login': '登录',
  'set.log.methods.DELETE': '删除',
  'set.log.methods.POST': '新增',
};
const t = (k: string) => ZH[k] ?? k;

describe('actionLabel: operation-log actions in the console’s language', () => {
  it('names the server’s named actions from the catalog', () => {
    expect(actionLabel('confirm alarm', t)).toBe('确认告警');
    expect(actionLabel('login', t)).toBe('登录');
  });

  it('turns a write’s method into a verb and keeps its route without the API prefix', () => {
    expect(actionLabel('DELETE /prod-api/plant/:id', t)).toBe('删除 /plant/:id');
    expect(actionLabel('POST /prod-api/role/manager/add', t)).toBe('新增 /role/manager/add');
  });

  it('shows an action it does not know as it is', () => {
    expect(actionLabel('reboot collector', t)).toBe('reboot collector');
  });
});
