import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import FilterTree from './FilterTree.tsx';

describe('FilterTree (the Tree a table’s filter menu gets in the build)', () => {
  it('draws Ant Design’s tree once it is fetched, and reports the choice clicked', async () => {
    const onSelect = vi.fn();
    render(
      <FilterTree
        defaultExpandAll
        onSelect={onSelect}
        treeData={[{ key: 'grid', title: 'Grid-tied', children: [{ key: 'hybrid', title: 'Hybrid' }] }]}
      />,
    );
    expect(await screen.findByText('Grid-tied')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Hybrid'));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toEqual(['hybrid']);
  });
});
