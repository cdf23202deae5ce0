import { type ComponentProps, Suspense, lazy } from 'react';
import type Tree from 'antd/es/tree';

const LazyTree = lazy(() => import('antd/es/tree'));

/**
 * Ant Design's Tree as its table's filter menu gets it in the build (antdNarrowImports.ts): fetched the first time
 * a filter menu draws its choices as a tree, which no table of the console asks for, so that a list page does not
 * download Tree with its table. Pages that draw a tree themselves (permissions) load it as before.
 */
export default function FilterTree(props: ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={null}>
      <LazyTree {...props} />
    </Suspense>
  );
}
