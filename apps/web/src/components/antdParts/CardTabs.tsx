import { type ComponentProps, Suspense, lazy } from 'react';
import type Tabs from 'antd/es/tabs';

const LazyTabs = lazy(() => import('antd/es/tabs'));

/**
 * Ant Design's Tabs as its Card gets them in the build (antdNarrowImports.ts): fetched the first time a card draws a
 * tab list, so that a page of cards without tabs (the dashboard) does not download Tabs. Nothing shows in the
 * card's head until they arrive.
 */
export default function CardTabs(props: ComponentProps<typeof Tabs>) {
  return (
    <Suspense fallback={null}>
      <LazyTabs {...props} />
    </Suspense>
  );
}
