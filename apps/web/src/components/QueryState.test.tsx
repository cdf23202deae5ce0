import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n.ts';
import { ApiError } from '../api/ApiError.ts';
import { QueryState } from './QueryState.tsx';

describe('QueryState: the loading, error and empty states of every screen', () => {
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

  it('offers a way back, not a retry, when the subject does not exist or is not the viewer’s', async () => {
    const onBack = vi.fn();
    const onRetry = vi.fn();
    const missing = { text: 'This plant does not exist or is not yours', backLabel: 'Plants', onBack };
    const { rerender } = render(
      <QueryState
        isLoading={false}
        error={new ApiError(404, 404, 'not found')}
        isEmpty={false}
        onRetry={onRetry}
        missing={missing}
      >
        <p>rows</p>
      </QueryState>,
    );
    // Its code loads when first shown.
    expect(await screen.findByTestId('state-missing')).toHaveTextContent(
      'This plant does not exist or is not yours',
    );
    expect(screen.queryByTestId('state-error')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Plants' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(onRetry).not.toHaveBeenCalled();
    // Other failures (the server down, a 500) can pass: they keep their retry.
    rerender(
      <QueryState
        isLoading={false}
        error={new ApiError(500, 500, 'server error')}
        isEmpty={false}
        onRetry={onRetry}
        missing={missing}
      >
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('state-error')).toHaveTextContent('server error');
  });
});
