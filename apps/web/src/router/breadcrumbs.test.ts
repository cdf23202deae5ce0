import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs.ts';

describe('breadcrumbs (spec §2)', () => {
  it('shows the dashboard, the group without a link and the page as the last, unlinked crumb', () => {
    expect(breadcrumbsFor('/operation/alarmlist')).toEqual([
      { title: 'menu.dashboard', path: '/dashboard' },
      { title: 'menu.Operation' },
      { title: 'menu.alarmlist' },
    ]);
  });

  it('shows the dashboard alone on the dashboard', () => {
    expect(breadcrumbsFor('/dashboard')).toEqual([{ title: 'menu.dashboard' }]);
  });

  it('shows pages outside the menu groups under the dashboard', () => {
    expect(breadcrumbsFor('/profile/index')).toEqual([
      { title: 'menu.dashboard', path: '/dashboard' },
      { title: 'menu.profile' },
    ]);
  });

  it('is empty for an unknown path', () => {
    expect(breadcrumbsFor('/nowhere')).toEqual([]);
  });
});
