// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../../../../scripts/testing/lintExamples.ts';

/** The import-rule messages the project's ESLint config gives for `code` placed at `file` (relative to the repo). */
const importViolations = (file: string, code: string) =>
  ruleMessages(file, `${code}\nexport const used = x;\n`, ['no-restricted-imports']);

// Building the config loads every plugin once; on a slow machine that takes a few seconds.
describe('a console feature never imports another feature’s files', { timeout: 30_000 }, () => {
  it.each([
    ['apps/web/src/features/dashboard/example.tsx', "import { x } from '../station/api.ts';"],
    [
      'apps/web/src/features/operation/relation-list/example.tsx',
      "import { x } from '../../station/api.ts';",
    ],
    [
      'apps/web/src/features/permission/page/parts/example.tsx',
      "import { x } from '../../../set/permissions/PermissionsPage.tsx';",
    ],
  ])('refuses it in %s', async (file, code) => {
    const messages = await importViolations(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('components/');
  });

  it.each([
    ["import { x } from '../../../components/list/ListPage.tsx';", 'a shared component'],
    ["import { x } from '../../../api/request.ts';", 'the request module'],
    ["import { x } from '../alarm-shared/api.ts';", 'a folder of its own feature'],
    ["import { x } from './api.ts';", 'its own folder'],
  ])('allows %s (%s)', async (code) => {
    expect(await importViolations('apps/web/src/features/operation/relation-list/example.tsx', code)).toEqual(
      [],
    );
  });
});

describe('the layout and the screens never import each other', { timeout: 30_000 }, () => {
  it.each([
    ['apps/web/src/layout/example.tsx', "import { x } from '../features/set/system/api.ts';"],
    ['apps/web/src/features/dashboard/example.tsx', "import { x } from '../../layout/AlarmDialog.tsx';"],
    [
      'apps/web/src/features/operation/alarm-shared/example.tsx',
      "import { x } from '../../../layout/Sidebar.tsx';",
    ],
  ])('refuses it in %s', async (file, code) => {
    const messages = await importViolations(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('never import each other');
  });

  it.each([
    ['apps/web/src/layout/example.tsx', "import { x } from '../api/alarms.ts';"],
    ['apps/web/src/features/dashboard/example.tsx', "import { x } from '../../router/PageRouteContext.ts';"],
  ])('lets %s use what both share', async (file, code) => {
    expect(await importViolations(file, code)).toEqual([]);
  });
});

describe(
  'a page folder of a menu group imports its own files and the group’s shared folders only',
  { timeout: 30_000 },
  () => {
    it.each([
      [
        'apps/web/src/features/operation/alarm-overview/example.tsx',
        "import { x } from '../alarm-statistics/AlarmStatisticsPage.tsx';",
      ],
      [
        'apps/web/src/features/operation/schedule-list/parts/example.tsx',
        "import { x } from '../../update/api.ts';",
      ],
      [
        'apps/web/src/features/operation/alarm-shared/example.tsx',
        "import { x } from '../question/QuestionPage.tsx';",
      ],
      [
        'apps/web/src/features/set/accounts/example.tsx',
        "import { x } from '../permissions/PermissionsPage.tsx';",
      ],
      [
        'apps/web/src/features/station/details/example.tsx',
        "import { x } from '../devicelist/DeviceListView.tsx';",
      ],
      [
        'apps/web/src/features/station/station-shared/example.tsx',
        "import { x } from '../list/ListPage.tsx';",
      ],
      [
        'apps/web/src/features/profile/getuserinfor/example.tsx',
        "import { x } from '../index/ProfilePage.tsx';",
      ],
    ])('refuses it in %s', async (file, code) => {
      const messages = await importViolations(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('*-shared folders only');
    });

    it.each([
      "import { x } from '../update-shared/api.ts';",
      "import { x } from './RolloutsTab.tsx';",
      "import { x } from '../../../components/list/ListPage.tsx';",
    ])('allows %s', async (code) => {
      expect(await importViolations('apps/web/src/features/operation/update/example.tsx', code)).toEqual([]);
    });

    it.each([
      [
        'apps/web/src/features/station/details/example.tsx',
        "import { x } from '../station-shared/DeviceDetail.tsx';",
      ],
      [
        'apps/web/src/features/set/enterprise/example.tsx',
        "import { x } from '../set-shared/accountApi.ts';",
      ],
      [
        'apps/web/src/features/profile/getuserinfor/example.tsx',
        "import { x } from '../profile-shared/api.ts';",
      ],
    ])('lets %s use its group’s shared folder', async (file, code) => {
      expect(await importViolations(file, code)).toEqual([]);
    });
  },
);
