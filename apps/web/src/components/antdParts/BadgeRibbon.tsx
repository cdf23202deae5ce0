import { type ComponentProps, Suspense, lazy } from 'react';
import type Ribbon from 'antd/es/badge/Ribbon';

const LazyRibbon = lazy(() => import('antd/es/badge/Ribbon'));

/**
 * Ant Design's `Badge.Ribbon` as its Badge gets it in the build (antdNarrowImports.ts): fetched the first time a
 * ribbon is drawn, so that the layout's badges do not download it. The ribbon's content shows when it arrives.
 */
export default function BadgeRibbon(props: ComponentProps<typeof Ribbon>) {
  return (
    <Suspense fallback={null}>
      <LazyRibbon {...props} />
    </Suspense>
  );
}
