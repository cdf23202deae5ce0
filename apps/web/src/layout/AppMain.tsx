import { Activity, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType, useOutlet } from 'react-router';
import type { PageRoute, RouteHandle } from '../router/types.ts';
import { useTabsStore } from '../store/tabsStore.ts';
import { PageRouteContext } from '../router/PageRouteContext.ts';
import { isPageStep, type Shown } from './pageStep.ts';

interface Kept {
  element: ReactNode;
  route: PageRoute | null;
  generation: number;
  /** The page's React identity: it survives a step of the page to another address (`isPageStep`). */
  id: number;
}

/**
 * The page area. Each open tab's page stays mounted but hidden (React's Activity) when the user leaves it, so
 * that its filters, page and scroll position are there on return (issue 3); routes marked noCache, closed tabs
 * and refreshed tabs start afresh. A page that steps to another address of its own (`isPageStep`) moves with its
 * tab and keeps its state.
 */
export function AppMain() {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const views = useTabsStore((s) => s.views);
  const generations = useTabsStore((s) => s.generations);
  const navigationType = useNavigationType();
  const kept = useRef(new Map<string, Kept>());
  const shown = useRef<Shown | null>(null);
  const nextId = useRef(0);

  const key = location.pathname + location.search;
  const route = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.route ?? null;
  const generation = generations[key] ?? 0;
  const from = shown.current;
  const stepped = from && route && isPageStep(navigationType, from, { path: key, name: route.name });
  const previous = stepped ? kept.current.get(from.path) : undefined;
  if (from && previous && !kept.current.has(key)) {
    kept.current.delete(from.path);
    kept.current.set(key, { ...previous, element: outlet, generation });
  }
  if (route) shown.current = { path: key, name: route.name };
  const current = kept.current.get(key);
  if (!current || current.generation !== generation || route?.meta.noCache) {
    const id = current && current.generation === generation ? current.id : nextId.current++;
    kept.current.set(key, { element: outlet, route, generation, id });
  }
  // Forget pages whose tab was closed, and noCache pages once left.
  for (const [path, entry] of kept.current) {
    const open = views.some((v) => v.path === path);
    if (path !== key && (!open || entry.route?.meta.noCache)) kept.current.delete(path);
  }

  return (
    <main className="app-main">
      {[...kept.current.entries()].map(([path, entry]) => (
        <KeptPage key={entry.id} active={path === key} route={entry.route}>
          {entry.element}
        </KeptPage>
      ))}
    </main>
  );
}

function KeptPage({
  active,
  route,
  children,
}: {
  active: boolean;
  route: PageRoute | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  // Writing scrollTop makes the browser lay the page out there and then; a page never scrolled (every page when it
  // first opens) has nothing to restore, so it skips that extra layout.
  useLayoutEffect(() => {
    if (active && ref.current && scrollTop.current !== 0) ref.current.scrollTop = scrollTop.current;
  }, [active]);
  return (
    <div
      ref={ref}
      className="app-page"
      style={active ? undefined : { display: 'none' }}
      onScroll={(e) => {
        if (active) scrollTop.current = e.currentTarget.scrollTop;
      }}
    >
      <PageRouteContext.Provider value={route}>
        <Activity mode={active ? 'visible' : 'hidden'}>{children}</Activity>
      </PageRouteContext.Provider>
    </div>
  );
}
