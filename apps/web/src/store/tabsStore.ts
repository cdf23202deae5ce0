import { create } from 'zustand';
import { HOME_PATH } from '../router/paths.ts';

/** A visited page in the tags bar (spec §3 "Visited tab"). */
export interface VisitedView {
  /** The full path with its query: the tab's identity. */
  path: string;
  name: string;
  /** i18n key of the title. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

interface TabsState {
  views: VisitedView[];
  /** Bumped by "refresh" so that the page's kept state is dropped and it is built again. */
  generations: Record<string, number>;
  addView(view: VisitedView): void;
  /**
   * The page of tab `from` changed its own address (a step of its flow, not a new visit): the tab takes the new
   * address in its place; when a tab of that address is already open, `from` simply closes.
   */
  moveView(from: string, view: VisitedView): void;
  /** Closes one tab (affix tabs stay); returns the remaining views. */
  closeView(path: string): VisitedView[];
  /** Keeps the affix tabs and `path`. */
  closeOthers(path: string): void;
  /** Keeps the affix tabs only. */
  closeAll(): void;
  refreshView(path: string): void;
  reset(): void;
}

export const useTabsStore = create<TabsState>()((set, get) => ({
  views: [],
  generations: {},
  addView(view) {
    if (get().views.some((v) => v.path === view.path)) return;
    // Affix tabs lead the bar whatever order they were opened in.
    set((s) => ({ views: view.affix ? [view, ...s.views] : [...s.views, view] }));
  },
  moveView(from, view) {
    set((s) => {
      const target = s.views.some((v) => v.path === view.path);
      const views = s.views.flatMap((v) => (v.path !== from || v.affix ? [v] : target ? [] : [view]));
      return { views: views.some((v) => v.path === view.path) ? views : [...views, view] };
    });
  },
  closeView(path) {
    const views = get().views.filter((v) => v.path !== path || v.affix);
    set({ views });
    return views;
  },
  closeOthers(path) {
    set((s) => ({ views: s.views.filter((v) => v.affix || v.path === path) }));
  },
  closeAll() {
    set((s) => ({ views: s.views.filter((v) => v.affix) }));
  },
  refreshView(path) {
    set((s) => ({ generations: { ...s.generations, [path]: (s.generations[path] ?? 0) + 1 } }));
  },
  reset() {
    set({ views: [], generations: {} });
  },
}));

/** Where to go after closing the active tab (spec §2): the last remaining tab, otherwise `/`. */
export function nextPathAfterClosing(remaining: readonly VisitedView[]): string {
  return remaining[remaining.length - 1]?.path ?? HOME_PATH;
}
