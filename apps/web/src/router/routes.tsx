import type { RouteName } from '@solarops/contracts';
import type { StringGroup } from '../i18n/stringGroups.ts';
import type { MenuIcon } from '../layout/menuIcons.tsx';
import { type ConstantRouteName, GROUP_PATHS, pathOf } from './paths.ts';
import type {
  ExternalLinkRoute,
  MenuEntry,
  MenuGroupRoute,
  PageData,
  PageLoader,
  PageRoute,
  RouteMeta,
} from './types.ts';

export const isGroup = (e: MenuEntry): e is MenuGroupRoute => 'children' in e;
export const isExternal = (e: MenuEntry): e is ExternalLinkRoute => 'link' in e;

/**
 * A screen that a later issue builds. Replacing it is a one-line change of the entry's `page`, e.g.
 * `page: () => import('../features/station/list/ListPage.tsx').then((m) => m.ListPage)`.
 */
const placeholder: PageLoader = () =>
  import('../features/placeholder/PlaceholderPage.tsx').then((m) => m.PlaceholderPage);

type ChildSpec = [name: RouteName, options?: Partial<RouteMeta> & { page?: PageLoader; data?: PageData }];

/**
 * The feature groups' strings each menu group's pages speak beside the shared catalog: their own group's, and
 * the few another group keeps (the account page's columns, the work-order states of the operation wall).
 */
const GROUP_STRINGS: Record<keyof typeof GROUP_PATHS, readonly StringGroup[]> = {
  Permission: ['permission', 'set'],
  Station: ['station'],
  Operation: ['operation'],
  Set: ['set'],
  Manual: ['manual'],
  Exhibit: ['exhibit', 'operation'],
};

/** A menu group and its pages, each at the path `pathOf` gives its name (router/paths.ts). */
function groupRoute(name: keyof typeof GROUP_PATHS, icon: MenuIcon, children: ChildSpec[]): MenuGroupRoute {
  return {
    name,
    path: GROUP_PATHS[name],
    icon,
    meta: { title: `menu.${name}` },
    children: children.map(([child, { page, data, ...meta } = {}]) => ({
      name: child,
      path: pathOf(child),
      page: page ?? placeholder,
      ...(data && { data }),
      meta: { title: `menu.${child}`, strings: GROUP_STRINGS[name], ...meta },
    })),
  };
}

/** A page outside the menu that every signed-in user may open (and, with `meta.public`, anyone). */
const constantRoute = (
  name: ConstantRouteName,
  page: PageLoader,
  meta: Partial<RouteMeta> = {},
): PageRoute => ({
  name,
  path: pathOf(name),
  page,
  meta: { title: `menu.${name}`, ...meta },
  constant: true,
});

/** The account screens of /set share one module: one chunk for the five lists. */
const accountPage =
  (
    name: 'AccountbackPage' | 'BusinessmanPage' | 'InstallPage' | 'DeviceuserPage' | 'StaffPage',
  ): PageLoader =>
  () =>
    import('../features/set/accounts/accountPages.tsx').then((m) => m[name]);

/** The four display walls share one module: one chunk for the wall frame and its screens. */
const wallPage =
  (name: 'OverviewPage' | 'StationPage' | 'EquipmentPage' | 'OperationPage'): PageLoader =>
  () =>
    import('../features/exhibit/ExhibitPages.tsx').then((m) => m[name]);

/**
 * The one route table (STYLE §1): every route name of the spec (contracts `MENU_TREE`) once, in menu order.
 * The router, menu, breadcrumbs, titles, tabs and guard all read it.
 */
export const MENU_ROUTES: MenuEntry[] = [
  {
    name: 'dashboard',
    path: pathOf('dashboard'),
    page: () => import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
    data: () => import('../features/dashboard/api.ts').then((m) => m.prefetchFleetFigures()),
    icon: 'dashboard',
    meta: { title: 'menu.dashboard', affix: true, strings: ['dashboard'] },
  },
  groupRoute('Permission', 'permission', [
    [
      'PagePermission',
      {
        page: () =>
          import('../features/permission/page/PagePermissionPage.tsx').then((m) => m.PagePermissionPage),
      },
    ],
  ]),
  groupRoute('Station', 'station', [
    [
      'list',
      {
        page: () => import('../features/station/list/ListPage.tsx').then((m) => m.ListPage),
        data: () => import('../features/station/station-shared/api.ts').then((m) => m.prefetchPlantList()),
      },
    ],
    [
      'devicelist',
      {
        page: () => import('../features/station/devicelist/DeviceListPage.tsx').then((m) => m.DeviceListPage),
      },
    ],
    [
      'details',
      {
        page: () => import('../features/station/details/DetailsPage.tsx').then((m) => m.DetailsPage),
      },
    ],
    [
      'dialogcollectinfor',
      {
        page: () =>
          import('../features/station/dialogcollectinfor/DialogCollectInforPage.tsx').then(
            (m) => m.DialogCollectInforPage,
          ),
      },
    ],
    [
      'devicelist1',
      {
        page: () =>
          import('../features/station/devicelist/DeviceListPage.tsx').then((m) => m.DeviceList1Page),
      },
    ],
    [
      'devicelistZT',
      {
        page: () =>
          import('../features/station/devicelist/DeviceListPage.tsx').then((m) => m.DeviceListZTPage),
      },
    ],
    [
      'collectorSearch',
      {
        page: () =>
          import('../features/station/collector-search/CollectorSearchPage.tsx').then(
            (m) => m.CollectorSearchPage,
          ),
      },
    ],
    [
      'collectList',
      {
        page: () =>
          import('../features/station/collect-list/CollectListPage.tsx').then((m) => m.CollectListPage),
      },
    ],
  ]),
  groupRoute('Operation', 'operation', [
    [
      'question',
      {
        page: () => import('../features/operation/question/QuestionPage.tsx').then((m) => m.QuestionPage),
      },
    ],
    [
      'form',
      {
        page: () =>
          import('../features/operation/periodic-report/PeriodicReportPage.tsx').then(
            (m) => m.PeriodicReportPage,
          ),
      },
    ],
    [
      'alarm',
      {
        page: () =>
          import('../features/operation/alarm-overview/AlarmOverviewPage.tsx').then(
            (m) => m.AlarmOverviewPage,
          ),
      },
    ],
    [
      'alarmstatistics',
      {
        page: () =>
          import('../features/operation/alarm-statistics/AlarmStatisticsPage.tsx').then(
            (m) => m.AlarmStatisticsPage,
          ),
      },
    ],
    [
      'alarmlist',
      {
        page: () => import('../features/operation/alarm-list/AlarmListPage.tsx').then((m) => m.AlarmListPage),
      },
    ],
    [
      'alarmlist1',
      {
        page: () =>
          import('../features/operation/alarm-list/AlarmListPage.tsx').then((m) => m.AlarmHistoryPage),
      },
    ],
    [
      'BIAlarmList',
      { page: () => import('../features/operation/bi/BIAlarmListPage.tsx').then((m) => m.BIAlarmListPage) },
    ],
    [
      'BIDetails',
      {
        page: () => import('../features/operation/bi/BIAlarmListPage.tsx').then((m) => m.BIDetailsPage),
      },
    ],
    [
      'BIFaultDetailList',
      {
        page: () =>
          import('../features/operation/bi/BIAlarmListPage.tsx').then((m) => m.BIFaultDetailListPage),
      },
    ],
    [
      'alarmdetails',
      {
        noCache: true,
        page: () =>
          import('../features/operation/alarm-details/AlarmDetailsPage.tsx').then((m) => m.AlarmDetailsPage),
      },
    ],
    [
      'offinelist',
      {
        page: () =>
          import('../features/operation/offline-list/OfflineListPage.tsx').then((m) => m.OfflineListPage),
      },
    ],
    [
      'card',
      { page: () => import('../features/operation/card-list/CardListPage.tsx').then((m) => m.CardListPage) },
    ],
    [
      'renew',
      {
        page: () => import('../features/operation/renew/RenewPage.tsx').then((m) => m.RenewPage),
      },
    ],
    [
      'renewDetails',
      {
        noCache: true,
        page: () =>
          import('../features/operation/renew-details/RenewDetailsPage.tsx').then((m) => m.RenewDetailsPage),
      },
    ],
    ['bill', { page: () => import('../features/operation/bill/BillPage.tsx').then((m) => m.BillPage) }],
    [
      'update',
      { page: () => import('../features/operation/update/UpdatePage.tsx').then((m) => m.UpdatePage) },
    ],
    [
      'diagnosis',
      {
        page: () => import('../features/operation/diagnosis/DiagnosisPage.tsx').then((m) => m.DiagnosisPage),
      },
    ],
    [
      'dispatch',
      { page: () => import('../features/operation/dispatch/DispatchPage.tsx').then((m) => m.DispatchPage) },
    ],
    ['debug', { page: () => import('../features/operation/debug/DebugPage.tsx').then((m) => m.DebugPage) }],
    [
      'diagnosisResults',
      {
        noCache: true,
        page: () =>
          import('../features/operation/diagnosis/DiagnosisResultsPage.tsx').then(
            (m) => m.DiagnosisResultsPage,
          ),
      },
    ],
    [
      'diagnosisResults1',
      {
        noCache: true,
        page: () =>
          import('../features/operation/diagnosis/DiagnosisStringPage.tsx').then(
            (m) => m.DiagnosisStringPage,
          ),
      },
    ],
    [
      'faultRecord',
      {
        page: () =>
          import('../features/operation/fault-record/FaultRecordListPage.tsx').then(
            (m) => m.FaultRecordListPage,
          ),
      },
    ],
    [
      'remoteSet',
      {
        page: () =>
          import('../features/operation/remote-set/SettingsScreen.tsx').then((m) => m.RemoteSetPage),
      },
    ],
    [
      'remoteSet1',
      {
        page: () =>
          import('../features/operation/remote-set/SettingsScreen.tsx').then((m) => m.RemoteSet1Page),
      },
    ],
    [
      'remoteSetSubmit',
      {
        page: () =>
          import('../features/operation/remote-set/RemoteSetSubmitPage.tsx').then(
            (m) => m.RemoteSetSubmitPage,
          ),
      },
    ],
    [
      'remoteSetSubmit1',
      {
        page: () =>
          import('../features/operation/remote-set/RemoteSetSubmitPage.tsx').then(
            (m) => m.RemoteSetSubmit1Page,
          ),
      },
    ],
    [
      'scheduleList',
      {
        page: () =>
          import('../features/operation/schedule-list/ScheduleListPage.tsx').then((m) => m.ScheduleListPage),
      },
    ],
    [
      'setUpList',
      {
        page: () =>
          import('../features/operation/set-up-list/SetUpListPage.tsx').then((m) => m.SetUpListPage),
      },
    ],
    [
      'machineFault',
      {
        page: () =>
          import('../features/operation/fault-record/FaultRecordListPage.tsx').then(
            (m) => m.MachineFaultPage,
          ),
      },
    ],
    [
      'arcDetection',
      {
        page: () =>
          import('../features/operation/fault-record/FaultRecordListPage.tsx').then(
            (m) => m.ArcDetectionPage,
          ),
      },
    ],
    [
      'arcDetectionDetail',
      {
        noCache: true,
        page: () =>
          import('../features/operation/fault-record/FaultRecordPlotPage.tsx').then(
            (m) => m.ArcDetectionDetailPage,
          ),
      },
    ],
    [
      'machineFaultRecord',
      {
        noCache: true,
        page: () =>
          import('../features/operation/fault-record/FaultRecordPlotPage.tsx').then(
            (m) => m.MachineFaultRecordPage,
          ),
      },
    ],
    [
      'EventRecordPage',
      {
        page: () =>
          import('../features/operation/device-logs/DeviceLogPages.tsx').then((m) => m.EventRecordPage),
      },
    ],
    [
      'FaultRecordPage',
      {
        page: () =>
          import('../features/operation/device-logs/DeviceLogPages.tsx').then((m) => m.DeviceFaultLogPage),
      },
    ],
    [
      'RunningRecordPage',
      {
        page: () =>
          import('../features/operation/device-logs/DeviceLogPages.tsx').then((m) => m.RunningRecordPage),
      },
    ],
    [
      'relationList',
      {
        page: () =>
          import('../features/operation/relation-list/RelationListPage.tsx').then((m) => m.RelationListPage),
      },
    ],
    [
      'CustomReport',
      {
        page: () =>
          import('../features/operation/custom-report/CustomReportPages.tsx').then((m) => m.CustomReportPage),
      },
    ],
    [
      'abnormalReport',
      {
        page: () =>
          import('../features/operation/abnormal-report/AbnormalReportPage.tsx').then(
            (m) => m.AbnormalReportPage,
          ),
      },
    ],
    [
      'addCustomReport',
      {
        page: () =>
          import('../features/operation/custom-report/CustomReportPages.tsx').then(
            (m) => m.AddCustomReportPage,
          ),
      },
    ],
    [
      'YongfuRemoteSettings',
      {
        page: () =>
          import('../features/operation/remote-set/SettingsScreen.tsx').then(
            (m) => m.YongfuRemoteSettingsPage,
          ),
      },
    ],
    [
      'faultRemote',
      {
        noCache: true,
        page: () =>
          import('../features/operation/fault-remote/FaultRemotePage.tsx').then((m) => m.FaultRemotePage),
      },
    ],
  ]),
  groupRoute('Set', 'set', [
    ['accountback', { page: accountPage('AccountbackPage') }],
    [
      'shipment',
      { page: () => import('../features/set/shipment/ShipmentPage.tsx').then((m) => m.ShipmentPage) },
    ],
    ['businessman', { page: accountPage('BusinessmanPage') }],
    ['Install', { page: accountPage('InstallPage') }],
    ['deviceuser', { page: accountPage('DeviceuserPage') }],
    ['staff', { page: accountPage('StaffPage') }],
    // The system screen holds the unhandled-error log that administrators read (spec §8).
    ['system', { page: () => import('../features/set/system/SystemPage.tsx').then((m) => m.SystemPage) }],
    [
      'permissions',
      {
        page: () => import('../features/set/permissions/PermissionsPage.tsx').then((m) => m.PermissionsPage),
      },
    ],
    [
      'enterprise',
      { page: () => import('../features/set/enterprise/EnterprisePage.tsx').then((m) => m.EnterprisePage) },
    ],
    [
      'logList',
      { page: () => import('../features/set/log-list/LogListPage.tsx').then((m) => m.LogListPage) },
    ],
    [
      'standardSNnumber',
      { page: () => import('../features/set/standard-sn/StandardSnPage.tsx').then((m) => m.StandardSnPage) },
    ],
  ]),
  groupRoute('Manual', 'manual', [
    ['manual', { page: () => import('../features/manual/manual/ManualPage.tsx').then((m) => m.ManualPage) }],
  ]),
  groupRoute('Exhibit', 'exhibit', [
    ['station', { fullScreen: true, page: wallPage('StationPage') }],
    ['overview', { fullScreen: true, page: wallPage('OverviewPage') }],
    ['equipment', { fullScreen: true, page: wallPage('EquipmentPage') }],
    ['operation', { fullScreen: true, page: wallPage('OperationPage') }],
  ]),
  {
    name: 'apiDocs',
    link: '/prod-api/docs',
    icon: 'link',
    meta: { title: 'menu.apiDocs' },
    roleIds: [1],
  },
];

/**
 * Pages inside the layout that are not menu entries: every signed-in user may open them (spec §2's public
 * routes that need the layout).
 */
export const LAYOUT_CONSTANT_ROUTES: PageRoute[] = [
  constantRoute(
    'profile',
    () => import('../features/profile/index/ProfilePage.tsx').then((m) => m.ProfilePage),
    { noCache: true },
  ),
  constantRoute('getuserinfor', () =>
    import('../features/profile/getuserinfor/GetUserInforPage.tsx').then((m) => m.GetUserInforPage),
  ),
  constantRoute('guide', () => import('../features/guide/index/GuidePage.tsx').then((m) => m.GuidePage)),
];

/** The sign-in pages open without a token (spec §2; the guard reads `public`), and speak with the shared strings. */
const SIGN_IN = { public: true } as const;

/** Pages outside the layout. */
export const BARE_ROUTES: PageRoute[] = [
  constantRoute('login', () => import('../features/auth/login/LoginPage.tsx').then((m) => m.LoginPage), {
    ...SIGN_IN,
    withoutAntDesign: true,
  }),
  constantRoute(
    'register',
    () => import('../features/auth/register/RegisterPage.tsx').then((m) => m.RegisterPage),
    SIGN_IN,
  ),
  constantRoute(
    'changePwd',
    () => import('../features/auth/change-pwd/ChangePwdPage.tsx').then((m) => m.ChangePwdPage),
    SIGN_IN,
  ),
  // Not in spec §2's list of public pages, but a signed-out user needs it by definition.
  constantRoute(
    'forgetPwd',
    () => import('../features/auth/forget-pwd/ForgetPwdPage.tsx').then((m) => m.ForgetPwdPage),
    SIGN_IN,
  ),
  constantRoute(
    'authRedirect',
    () => import('../features/redirect/AuthRedirectPage.tsx').then((m) => m.AuthRedirectPage),
    SIGN_IN,
  ),
  constantRoute('notFound', () => import('../features/errors/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
  // A display link's wall carries its own read-only token (decision 0013; the guard lets it through).
  constantRoute(
    'display',
    () => import('../features/exhibit/ExhibitPages.tsx').then((m) => m.DisplayWallPage),
    { strings: GROUP_STRINGS.Exhibit },
  ),
  constantRoute('unauthorized', () =>
    import('../features/errors/UnauthorizedPage.tsx').then((m) => m.UnauthorizedPage),
  ),
];

/** Every page inside the layout, flat: the menu's pages and the constant ones. */
export const LAYOUT_PAGES: PageRoute[] = [
  ...MENU_ROUTES.flatMap((e): PageRoute[] => (isGroup(e) ? e.children : isExternal(e) ? [] : [e])),
  ...LAYOUT_CONSTANT_ROUTES,
];

/** The group a page belongs to (for breadcrumbs), if any. */
export function groupOf(name: string): MenuGroupRoute | undefined {
  return MENU_ROUTES.filter(isGroup).find((g) => g.children.some((c) => c.name === name));
}

/** The page route whose path is exactly `pathname`. */
export function findPage(pathname: string): PageRoute | undefined {
  return [...LAYOUT_PAGES, ...BARE_ROUTES].find((r) => r.path === pathname);
}
