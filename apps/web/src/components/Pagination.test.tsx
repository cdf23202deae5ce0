import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { Pagination } from './Pagination.tsx';

const renderPagination = (props: Partial<Parameters<typeof Pagination>[0]> = {}) => {
  const onChange = vi.fn();
  render(
    <ConfigProvider locale={zhCN}>
      <I18nextProvider i18n={i18n}>
        <Pagination total={42} onChange={onChange} {...props} />
      </I18nextProvider>
    </ConfigProvider>,
  );
  return onChange;
};

describe('Pagination (spec §9)', () => {
  it('starts on page 1 with 5 rows a page and shows the total', () => {
    renderPagination();
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('42');
    expect(screen.getByTitle('1')).toHaveClass('ant-pagination-item-active');
    // 42 rows at 5 a page: pages 1 to 9.
    expect(screen.getByTitle('9')).toBeInTheDocument();
    expect(screen.getByText('5 条/页')).toBeInTheDocument();
  });

  it('offers the sizes 5, 10, 20, 30 and 50 and has a jumper', async () => {
    renderPagination();
    await userEvent.click(screen.getByText('5 条/页'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '5 条/页',
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
    ]);
    expect(document.querySelector('.ant-pagination-options-quick-jumper input')).toBeInTheDocument();
  });

  it('reports the chosen page', async () => {
    const onChange = renderPagination();
    await userEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 5);
  });

  it('goes back to page 1 when the page size changes', async () => {
    const onChange = renderPagination({ page: 4 });
    await userEvent.click(screen.getByText('5 条/页'));
    const list = await screen.findByRole('listbox');
    await userEvent.click(within(list.parentElement!).getByText('10 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(1, 10);
  });

  it('renders nothing when hidden', () => {
    renderPagination({ hidden: true });
    expect(screen.queryByTestId('pagination-total')).toBeNull();
  });
});
