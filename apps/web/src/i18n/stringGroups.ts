import type { Catalog } from './catalogTypes.ts';

/**
 * The feature groups that keep their own strings beside their code, in `features/<group>/locales/{zh,en}.json`.
 * A page names the groups it speaks (route meta `strings`) and only those load with it: the dashboard does not
 * download the operation pages' strings.
 */
export const STRING_GROUPS = [
  'dashboard',
  'exhibit',
  'manual',
  'operation',
  'permission',
  'set',
  'station',
] as const;
export type StringGroup = (typeof STRING_GROUPS)[number];

/** The group a feature catalog's file belongs to: the folder under `features/`. */
const groupOfFile = (file: string): string | undefined => /features\/([^/]+)\/locales\//.exec(file)?.[1];

/** A language's feature catalogs by group, from its files' glob (file path → loader). */
export function catalogsByGroup(
  files: Record<string, () => Promise<Catalog>>,
): Partial<Record<string, () => Promise<Catalog>>> {
  return Object.fromEntries(
    Object.entries(files).flatMap(([file, load]) => {
      const group = groupOfFile(file);
      return group ? [[group, load]] : [];
    }),
  );
}
