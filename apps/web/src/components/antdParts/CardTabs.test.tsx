import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CardTabs from './CardTabs.tsx';

describe('CardTabs (the Tabs a card gets in the build)', () => {
  it('draws Ant Design’s tabs once they are fetched, and switches between them', async () => {
    render(
      <CardTabs
        items={[
          { key: 'day', label: 'Day', children: 'power of the day' },
          { key: 'month', label: 'Month', children: 'energy of the month' },
        ]}
      />,
    );
    expect(await screen.findByRole('tab', { name: 'Day' })).toBeInTheDocument();
    expect(screen.getByText('power of the day')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Month' }));
    expect(await screen.findByText('energy of the month')).toBeVisible();
  });
});
