import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { QueryState } from './QueryState.tsx';

describe('QueryState: the loading, error and empty states of every station screen', () => {
  it('shows a skeleton while loading, then the content', () => {
    const { rerender } = render(
      <QueryState isLoading error={null} isEmpty={false}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('state-loading')).toBeInTheDocument();
    expect(screen.queryByText('rows')).toBeNull();
    rerender(
      <QueryState isLoading={false} error={null} isEmpty={false}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByText('rows')).toBeInTheDocument();
  });

  it('shows the error with a retry that calls again', async () => {
    const onRetry = vi.fn();
    render(
      <QueryState isLoading={false} error={new Error('boom')} isEmpty={false} onRetry={onRetry}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('state-error')).toHaveTextContent('boom');
    await userEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty note instead of an empty table', () => {
    render(
      <QueryState isLoading={false} error={null} isEmpty emptyText="none here">
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('state-empty')).toHaveTextContent('none here');
  });
});
