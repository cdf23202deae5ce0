import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LazyPopconfirm, LazyTooltip } from './LazyPopups.tsx';

describe('a row action’s tooltip and confirmation, built when first wanted', () => {
  it('names the button when pointed at, and goes when the pointer leaves', async () => {
    const onClick = vi.fn();
    render(
      <LazyTooltip title="Edit">
        <Button aria-label="Edit" onClick={onClick} />
      </LazyTooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.unhover(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).toBeNull());
    // Its closing animation takes its time in jsdom: 4 s on a loaded machine.
  }, 20_000);

  it('opens after the pointer rests on the button, not while it crosses it', async () => {
    vi.useFakeTimers();
    try {
      render(
        <LazyTooltip title="Edit">
          <Button aria-label="Edit" />
        </LazyTooltip>,
      );
      const button = () => screen.getByRole('button', { name: 'Edit' });
      // Crossed: in and out within Ant Design's delay.
      fireEvent.mouseOver(button());
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.queryByRole('tooltip')).toBeNull();
      fireEvent.mouseOut(button());
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.queryByRole('tooltip')).toBeNull();
      // Rested on.
      fireEvent.mouseOver(button());
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Edit');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays closed while told so', async () => {
    render(
      <LazyTooltip title="Edit" open={false}>
        <Button aria-label="Edit" />
      </LazyTooltip>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Edit' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('asks on the first click and deletes only once confirmed', async () => {
    const onConfirm = vi.fn();
    render(
      <LazyPopconfirm title="Delete plant A?" okText="Delete" cancelText="Cancel" onConfirm={onConfirm}>
        <Button aria-label="Remove" />
      </LazyPopconfirm>,
    );
    // A pointer comes over the button before it presses it.
    await userEvent.hover(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Delete plant A?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('asks on a click that comes without a pointer over the button or the focus on it', async () => {
    // Assistive technology (a screen reader's browse mode, voice control) activates a button with a click alone.
    const onConfirm = vi.fn();
    render(
      <LazyPopconfirm title="Delete plant A?" okText="Delete" cancelText="Cancel" onConfirm={onConfirm}>
        <Button aria-label="Remove" />
      </LazyPopconfirm>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Delete plant A?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the keyboard focus on a button it reaches, and asks on Enter', async () => {
    const onConfirm = vi.fn();
    render(
      <>
        <Button>Before</Button>
        <LazyPopconfirm title="Delete plant A?" okText="Delete" cancelText="Cancel" onConfirm={onConfirm}>
          <Button aria-label="Remove" />
        </LazyPopconfirm>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Delete plant A?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
