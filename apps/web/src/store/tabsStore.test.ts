import { beforeEach, describe, expect, it } from 'vitest';
import { nextPathAfterClosing, useTabsStore, type VisitedView } from './tabsStore.ts';

const view = (path: string, affix = false): VisitedView => ({
  path,
  name: path.slice(1),
  title: `menu.${path.slice(1)}`,
  affix,
  noCache: false,
});
const paths = () => useTabsStore.getState().views.map((v) => v.path);

describe('tabs store (spec §2, §4)', () => {
  beforeEach(() => {
    useTabsStore.getState().reset();
    const s = useTabsStore.getState();
    s.addView(view('/a'));
    s.addView(view('/dashboard', true));
    s.addView(view('/b'));
    s.addView(view('/c'));
  });

  it('keeps visited pages once each, affix tabs first', () => {
    useTabsStore.getState().addView(view('/a'));
    expect(paths()).toEqual(['/dashboard', '/a', '/b', '/c']);
  });

  it('gives a tab the new address its page moved to, in its place, once', () => {
    useTabsStore.getState().moveView('/b', view('/b?step=2'));
    expect(paths()).toEqual(['/dashboard', '/a', '/b?step=2', '/c']);
    useTabsStore.getState().moveView('/b?step=2', view('/c'));
    expect(paths()).toEqual(['/dashboard', '/a', '/c']);
  });

  it('closes one tab but never an affix tab', () => {
    useTabsStore.getState().closeView('/b');
    useTabsStore.getState().closeView('/dashboard');
    expect(paths()).toEqual(['/dashboard', '/a', '/c']);
  });

  it('closes all but the current and the affix tabs', () => {
    useTabsStore.getState().closeOthers('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('closes all but the affix tabs', () => {
    useTabsStore.getState().closeAll();
    expect(paths()).toEqual(['/dashboard']);
  });

  it('moves to the last remaining tab after closing the active one, else home', () => {
    const remaining = useTabsStore.getState().closeView('/c');
    expect(nextPathAfterClosing(remaining)).toBe('/b');
    expect(nextPathAfterClosing([])).toBe('/');
  });

  it('counts refreshes per tab so that the page is built again', () => {
    useTabsStore.getState().refreshView('/a');
    useTabsStore.getState().refreshView('/a');
    expect(useTabsStore.getState().generations).toEqual({ '/a': 2 });
  });
});
