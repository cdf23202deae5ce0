import { onDemand } from './onDemand.tsx';

/**
 * Ant Design's Tree as its table's filter menu gets it in the build (antdNarrowImports.ts): fetched the first time
 * a filter menu draws its choices as a tree, which no table of the console asks for, so that a list page does not
 * download Tree with its table. Pages that draw a tree themselves (permissions) load it as before.
 */
export default onDemand(() => import('antd/es/tree'));
