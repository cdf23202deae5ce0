import { onDemand } from './onDemand.tsx';

/**
 * Ant Design's Tabs as its Card gets them in the build (antdNarrowImports.ts): fetched the first time a card draws a
 * tab list, so that a page of cards without tabs (the dashboard) does not download Tabs. Nothing shows in the
 * card's head until they arrive.
 */
export default onDemand(() => import('antd/es/tabs'));
