import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FigureShare } from './FigureShare.tsx';

describe('a report figure’s share of its data', () => {
  it('says on hover what was counted, beside the share: not above it, over the figure of the row before', async () => {
    render(
      <div>
        <span>10.2 kW</span>
        <FigureShare
          share={{ present: 858, expected: 864, ratio: 858 / 864 }}
          unit="readings"
          testId="share"
        />
      </div>,
    );
    await userEvent.hover(screen.getByTestId('share'));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('858');
    expect(tip.closest('.ant-tooltip')).toHaveClass('ant-tooltip-placement-right');
  });
});
