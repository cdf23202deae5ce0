import { type ComponentType, Suspense, lazy } from 'react';

/**
 * A part of Ant Design fetched the first time it draws, for the imports the build narrows (antdNarrowImports.ts):
 * the part's place stays empty until it arrives. The same props as the part itself.
 */
export function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Part = lazy(load);
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
