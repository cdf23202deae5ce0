// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Notices go through the console's one message hook (`useMessage()` of components/MessageProvider.tsx), which
 * renders them inside the console's React tree under its theme and locale. Ant Design's static `message` renders in
 * React roots of its own that outlive the screen (and a test's cleanup), so it is refused; only the provider's
 * holder (components/MessageHost.tsx) uses Ant Design's message. `apps/web/src/components/staticMessage.test.ts`
 * proves the rule fires.
 */
const STATIC_MESSAGE_TEXT =
  "Show notices with useMessage() from components/MessageProvider.tsx, not antd's static message.";
const STATIC_MESSAGE = {
  paths: [{ name: 'antd', importNames: ['message'], message: STATIC_MESSAGE_TEXT }],
  patterns: [{ regex: '^antd/(es|lib)/message$', message: STATIC_MESSAGE_TEXT }],
};

/**
 * The rows the API answers are typed once, by the contracts (`z.infer` of the schema the server answers with): a
 * console file that declares its own `…Row` shape drifts from the server's unnoticed.
 * `apps/web/src/contractRows.test.ts` proves the rule fires.
 */
const OWN_ROW_TEXT =
  'Rows come from @solarops/contracts: export the type of its schema there (z.infer) and import it.';
const NO_OWN_ROWS = [
  { selector: 'TSInterfaceDeclaration[id.name=/Row$/]', message: OWN_ROW_TEXT },
  { selector: 'TSTypeAliasDeclaration[id.name=/Row$/]:has(TSTypeLiteral)', message: OWN_ROW_TEXT },
];

/**
 * A page is opened by its route name, `pathOf(name, query)` of `router/paths.ts`, whose paths the route table uses
 * too: a path written out at a call drifts from the table unnoticed when a route moves. `navigate(…)` (the hook's
 * or the router's) and a link's `to` are refused a written path. `apps/web/src/router/paths.test.ts` proves the
 * rule fires. (esquery's regular expressions cannot hold a `/`, hence `\u002F`.)
 */
const WRITTEN_PATH_TEXT =
  "Open a page by its route name: pathOf('<route name>', query) from router/paths.ts, not a written path.";
const NAVIGATE_CALL = "CallExpression:matches([callee.name='navigate'], [callee.property.name='navigate'])";
const WRITTEN_PATH = ':matches(Literal[value=/^\\u002F/], TemplateLiteral[quasis.0.value.raw=/^\\u002F/])';
const NO_WRITTEN_PATHS = [
  { selector: `${NAVIGATE_CALL} ${WRITTEN_PATH}`, message: WRITTEN_PATH_TEXT },
  { selector: `JSXAttribute[name.name='to'] ${WRITTEN_PATH}`, message: WRITTEN_PATH_TEXT },
];

/**
 * The endpoint map (contracts `endpointMaps.ts`, decision in docs/ARCHITECTURE.md): a module whose calls are all in
 * the map is called through its entries (`callEndpoint` of api/callEndpoint.ts), never at a written path, so that
 * the console's path cannot drift from the route the server declares from the same entry. The segments are
 * `ENDPOINT_MAPS`'s keys, read from its `segment: MAP,` lines (this file cannot import TypeScript);
 * `apps/web/src/api/callEndpoint.test.ts` proves the rule fires for each of them.
 */
const ENDPOINT_MAPS_SOURCE = readFileSync(
  new URL('./packages/contracts/src/endpointMaps.ts', import.meta.url),
  'utf8',
);
const MAPPED_API_SEGMENTS = [
  ...(ENDPOINT_MAPS_SOURCE.split('export const ENDPOINT_MAPS')[1] ?? '').matchAll(/^ {2}(\w+): /gm),
].map((match) => match[1]);
const MAPPED_API_TEXT =
  'This module is in the endpoint map: call it with callEndpoint(<CALLS>.<name>, …) from api/callEndpoint.ts, or endpointPath(…) for a file, not a written path.';
// The console holds the map's schema-free view (`X_CALLS`); a full entry (`X_ENDPOINTS`) brings zod into the
// screen's bundle, so it is imported as a type only.
const FULL_ENTRIES_TEXT =
  'The console calls through the schema-free view (X_CALLS) of the endpoint map: import X_ENDPOINTS as a type only, or its schemas bundle zod into the screen.';
const NO_FULL_ENTRIES = [
  {
    selector:
      "ImportDeclaration[importKind='value'] > ImportSpecifier[importKind='value'][imported.name=/_ENDPOINTS$/]",
    message: FULL_ENTRIES_TEXT,
  },
  // Reached through a namespace import (`import * as C`; `C.IV_ENDPOINTS`) as well.
  { selector: 'MemberExpression[property.name=/_ENDPOINTS$/]', message: FULL_ENTRIES_TEXT },
];
const MAPPED_SEGMENT = `\\u002F(${MAPPED_API_SEGMENTS.join('|')})(\\u002F|$)`;
const NO_WRITTEN_API_PATHS = [
  {
    selector: `:matches(Literal[value=/^${MAPPED_SEGMENT}/], TemplateLiteral[quasis.0.value.raw=/^${MAPPED_SEGMENT}/])`,
    message: MAPPED_API_TEXT,
  },
];

/** The syntax the console refuses everywhere, its tests included. */
const WEB_SYNTAX = [
  {
    selector: 'ImportExpression[source.value=/^antd\\u002F(es|lib)\\u002Fmessage$/]',
    message: STATIC_MESSAGE_TEXT,
  },
  ...NO_OWN_ROWS,
  ...NO_FULL_ENTRIES,
];

// The layout (the frame: menu, top bar, tabs) and the screens never import each other: what both need (a request
// module, a format, the page's route) lives in api/, components/ or router/, so that either can change alone.
const SCREENS_WITHOUT_LAYOUT =
  'The layout and the screens (features/) never import each other: move what both need to api/, components/ or router/.';
const LAYOUT_WITHOUT_SCREENS = {
  'no-restricted-imports': [
    'error',
    {
      paths: STATIC_MESSAGE.paths,
      patterns: [
        { regex: '^(\\.\\./)+features/', message: SCREENS_WITHOUT_LAYOUT },
        ...STATIC_MESSAGE.patterns,
      ],
    },
  ],
};

// Console features import shared pieces (components/, api/, router/, …) and never each other's internals: a
// piece two features need moves to components/. For a file N folders below its feature's root, a relative path
// that climbs N+1 folders lands in features/; naming any folder there but its own feature is refused.
// `apps/web/src/features/featureBoundaries.test.ts` proves the rule fires.
const FEATURES = 'apps/web/src/features';
/** The import rules of a file `depth` folders below `feature`'s root, with `walls` inside the feature. */
const featureImports = (feature, depth, walls = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: STATIC_MESSAGE.paths,
      patterns: [
        {
          regex: `^(\\.\\./){${depth + 1}}(?!${feature}/)[^./]`,
          message: `features/${feature} may not import another feature's files: move the shared piece to components/.`,
        },
        { regex: `^(\\.\\./){${depth + 2}}layout/`, message: SCREENS_WITHOUT_LAYOUT },
        ...walls,
        ...STATIC_MESSAGE.patterns,
      ],
    },
  ],
});
const featureBoundaries = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name: feature }) =>
    [0, 1, 2, 3, 4].map((depth) => ({
      files: [`${FEATURES}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: featureImports(feature, depth),
    })),
  );

// Inside a menu group of several screens (operation/, set/, station/, profile/), a page folder imports its own
// files and the group's shared folders (`*-shared/`) only, and a shared folder imports no page folder: a page's
// insides change without breaking another page, and what two pages use has a name that says so. For a file N
// folders below its page folder, a relative path that climbs N+1 folders lands in the group. The same test
// proves it fires.
const PAGE_WALL_GROUPS = ['operation', 'set', 'station', 'profile'];
const pageWalls = PAGE_WALL_GROUPS.flatMap((feature) =>
  readdirSync(new URL(`./${FEATURES}/${feature}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'locales')
    .flatMap(({ name: folder }) =>
      [0, 1, 2, 3].map((depth) => ({
        files: [`${FEATURES}/${feature}/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: featureImports(feature, depth + 1, [
          {
            regex: `^(\\.\\./){${depth + 1}}(?!(${folder}|[\\w-]+-shared)/)[\\w-]+/`,
            message: `features/${feature}/${folder} imports its own files and ${feature}'s *-shared folders only: move a piece two pages use to one.`,
          },
        ]),
      })),
    ),
);

/**
 * The server reaches the simulator in one place only: the demo-fleet start hook (`modules/fleet/`), through
 * `@solarops/simulator/fleet`. The device vocabulary both sides speak lives in `@solarops/contracts`. Tests may
 * use the simulator as the device on the other end of the link. `apps/server/src/importBoundaries.unit.test.ts`
 * proves these rules fire.
 */
const SIMULATOR_SOURCES = {
  regex: '(^|/)simulator/src(/|$)',
  message: 'Import the simulator by its package name, never its files.',
};
const serverImports = (simulatorRegex, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: simulatorRegex, message }, SIMULATOR_SOURCES] }],
});

/**
 * A server module with a front door (`index.ts`: what other modules may use of it) is reached through it, its
 * `queries.ts` or its types only, never its other files: its owner can then change those without breaking
 * another module. The composition root (`buildDeps.ts`), the start-up hooks and the tests wire and test the
 * parts themselves. `apps/server/src/importBoundaries.unit.test.ts` proves the rule fires.
 */
const SERVER_MODULES = 'apps/server/src/modules';
const MODULE_WALLS = readdirSync(new URL(`./${SERVER_MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .filter(({ name }) =>
    readdirSync(new URL(`./${SERVER_MODULES}/${name}`, import.meta.url)).includes('index.ts'),
  )
  .map(({ name }) => ({
    regex: `^(\\.\\./)+${name}/(?!(index|queries)\\.ts$)`,
    allowTypeImports: true,
    message: `Use modules/${name} through its index.ts, queries.ts or types: its other files are its own.`,
  }));

/**
 * Route files register routes: the listeners on shared parts (command replies and changes, device-link events)
 * are built and wired in the composition root (`buildDeps.ts`), where every hop that imports do not show is
 * written down once.
 */
const NO_LISTENERS_IN_ROUTES = {
  'no-restricted-syntax': [
    'error',
    {
      selector: 'CallExpression[callee.property.name=/^(on|once|addListener|onProgress|onReply)$/]',
      message: 'Route files register routes only: wire listeners in buildDeps.ts (or a function it calls).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/dist-test-*/**',
      'data/**',
      '**/*.gen.ts',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A promise nobody awaits loses its failure: in the server an unhandled rejection is a defect (main.ts logs
    // it), so every promise is awaited, returned, or marked `void` where fire-and-forget is meant and its
    // failure is handled inside. This needs type information (each workspace's tsconfig), which costs lint
    // about five times the CPU of the untyped rules. Ant Design's handlers (onClick, onConfirm) take async
    // functions and await them, so attributes are not checked for a void return.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', STATIC_MESSAGE],
      'no-restricted-syntax': ['error', ...WEB_SYNTAX, ...NO_WRITTEN_PATHS, ...NO_WRITTEN_API_PATHS],
    },
  },
  // The pages' paths are written here once (router/paths.ts): some begin as a mapped API segment does (`/manual`),
  // and a group's folder may share its segment with the API module of its screens (`/exhibit`).
  {
    files: ['apps/web/src/router/paths.ts'],
    rules: { 'no-restricted-syntax': ['error', ...WEB_SYNTAX, ...NO_WRITTEN_PATHS] },
  },
  // A test drives its own routes, at paths of its own.
  { files: ['apps/web/**/*.test.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...WEB_SYNTAX] } },
  { files: ['apps/web/src/layout/**/*.{ts,tsx}'], rules: LAYOUT_WITHOUT_SCREENS },
  {
    files: ['apps/web/src/components/MessageHost.tsx'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: serverImports(
      '^@solarops/simulator(/|$)',
      'The server does not depend on the simulator: device codes and the fault table are in @solarops/contracts.',
    ),
  },
  {
    files: [`${SERVER_MODULES}/*/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: MODULE_WALLS }] },
  },
  {
    files: ['apps/server/src/modules/fleet/**/*.ts'],
    rules: serverImports(
      '^@solarops/simulator(?!/fleet$)(/|$)',
      'The demo-fleet start hook uses the simulator through @solarops/simulator/fleet only.',
    ),
  },
  {
    files: [`${SERVER_MODULES}/**/routes.ts`, `${SERVER_MODULES}/**/*Routes.ts`],
    rules: NO_LISTENERS_IN_ROUTES,
  },
  {
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: serverImports('^@solarops/simulator/(?!fleet$)', 'Tests use the simulator by its public entries.'),
  },
  ...featureBoundaries,
  ...pageWalls,
);
