import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BadgeRibbon from './BadgeRibbon.tsx';

describe('BadgeRibbon (the Badge.Ribbon a Badge gets in the build)', () => {
  it('draws the ribbon’s text over its content once Ant Design’s ribbon is fetched', async () => {
    render(
      <BadgeRibbon text="Recommended" color="green">
        <div>Plant A</div>
      </BadgeRibbon>,
    );
    expect(await screen.findByText('Recommended')).toBeInTheDocument();
    expect(screen.getByText('Plant A')).toBeInTheDocument();
    expect(screen.getByText('Recommended').closest('.ant-ribbon')).toHaveClass('ant-ribbon-color-green');
  });
});
