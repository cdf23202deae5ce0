/**
 * The four helpers Ant Design's table selection imports from the tree package's index (antdNarrowImports.ts),
 * from the files that define them: the index brings the whole Tree component with them, which a table's row
 * selection never draws.
 */
export { arrAdd, arrDel } from '@rc-component/tree/es/util';
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';
