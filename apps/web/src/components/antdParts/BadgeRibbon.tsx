import { onDemand } from './onDemand.tsx';

/**
 * Ant Design's `Badge.Ribbon` as its Badge gets it in the build (antdNarrowImports.ts): fetched the first time a
 * ribbon is drawn, so that the layout's badges do not download it. The ribbon's content shows when it arrives.
 */
export default onDemand(() => import('antd/es/badge/Ribbon'));
