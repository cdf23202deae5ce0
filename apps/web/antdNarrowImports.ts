import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The query that marks the color presets' module narrowed to its `isBright` (see below). */
const IS_BRIGHT = '?isBright';

/**
 * Imports inside Ant Design that bring a page far more than the importer uses, each replaced in the build by
 * what it needs:
 * - Card imports Tabs (a sixth of a page's Ant Design) for its `tabList`, which the console's cards do not use:
 *   Card gets Tabs through `components/antdParts/CardTabs.tsx`, which fetches Tabs the first time a card draws a
 *   tab list (pages that show tabs load them as before).
 * - Table's filter menu imports Tree (a tenth of a list page's script) for the filters drawn as a tree, which no
 *   table of the console has: it gets Tree through `components/antdParts/FilterTree.tsx`, fetched when such a
 *   filter draws.
 * - Table's row selection imports four helpers from the tree package's index, which brings the Tree component
 *   (and its node list and motion) with them: it gets them from their own files through
 *   `components/antdParts/treeSelectionHelpers.ts`.
 * - Badge carries its Ribbon (`Badge.Ribbon`), which the console does not draw: Badge gets it through
 *   `components/antdParts/BadgeRibbon.tsx`, which fetches it the first time a ribbon draws.
 * - Button's and Tag's style tokens import one colour helper, `isBright`, from the colour picker's presets panel,
 *   which brings the panel and Collapse with it: they get that helper alone, Ant Design's own text of it cut out
 *   of the same file (not a copy that could drift from it).
 * The screens are the same: no component the console draws changes. A substitution that no longer finds its import
 * (an Ant Design upgrade moved it) fails the build, so that the sizes it keeps do not grow back unseen.
 */
const NARROWED = [
  {
    importer: /\/antd\/es\/card\/Card\.js$/,
    source: '../tabs',
    resolve: () => path.join(HERE, 'src/components/antdParts/CardTabs.tsx'),
  },
  {
    importer: /\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/,
    source: '../../../tree',
    resolve: () => path.join(HERE, 'src/components/antdParts/FilterTree.tsx'),
  },
  {
    importer: /\/antd\/es\/table\/hooks\/useSelection\.js$/,
    source: '@rc-component/tree',
    resolve: () => path.join(HERE, 'src/components/antdParts/treeSelectionHelpers.ts'),
  },
  {
    importer: /\/antd\/es\/badge\/index\.js$/,
    source: './Ribbon',
    resolve: () => path.join(HERE, 'src/components/antdParts/BadgeRibbon.tsx'),
  },
  // One entry per importer: each one's import is checked to be found on its own.
  ...[/\/antd\/es\/button\/style\/token\.js$/, /\/antd\/es\/tag\/style\/index\.js$/].map((importer) => ({
    importer,
    source: '../../color-picker/components/ColorPresets',
    resolve: (importer: string) =>
      path.join(path.dirname(importer), '../../color-picker/components/ColorPresets.js') + IS_BRIGHT,
  })),
];

export function antdNarrowImports(): Plugin {
  const used = new Set<number>();
  return {
    name: 'solarops-antd-narrow-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    resolveId(source, importer) {
      if (!importer) return null;
      const at = NARROWED.findIndex(
        (n) => n.source === source && n.importer.test(importer.replace(/\\/g, '/')),
      );
      if (at < 0) return null;
      used.add(at);
      return NARROWED[at]!.resolve(importer);
    },
    load(id) {
      if (!id.endsWith(IS_BRIGHT)) return null;
      const file = id.slice(0, -IS_BRIGHT.length);
      const text = readFileSync(file, 'utf8');
      // The helper's text and the colour class it calls, as Ant Design wrote them.
      const helper = /^export const isBright = [\s\S]*?\n\};\n/m.exec(text)?.[0];
      const colorImport =
        /^import \{[^}]*\bColor as RcColor\b[^}]*\} from '@rc-component\/color-picker';$/m.exec(text)?.[0];
      if (!helper || !colorImport) this.error(`isBright is no longer where ${file} had it`);
      return `${colorImport}\n${helper}`;
    },
    buildEnd(error) {
      if (error) return;
      const missed = NARROWED.filter((_, i) => !used.has(i)).map(
        (n) => `${n.source} from ${String(n.importer)}`,
      );
      if (missed.length > 0)
        this.error(`Ant Design no longer imports ${missed.join(', ')}: revisit antdNarrowImports.ts`);
    },
  };
}
