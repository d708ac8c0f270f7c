// antd's locale and dayjs's follow the chosen language (conventions §11 locales.ts mapping).
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderAt } from '@/test/render';
import { AntdProvider } from './AntdProvider';

/** Like any console component: it re-renders on a language change through its translations. */
function Probe() {
  useTranslation('common');
  return (
    <>
      <Empty />
      <span data-testid="month">{dayjs('2024-01-15').format('MMMM dddd')}</span>
    </>
  );
}

describe('AntdProvider', () => {
  it('switches antd texts and dayjs month names with the language', async () => {
    await renderAt(
      '/',
      [
        {
          path: '/',
          element: (
            <AntdProvider>
              <Probe />
            </AntdProvider>
          ),
        },
      ],
      { language: 'zh-CN' },
    );
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('month').textContent).toBe('一月 星期一');

    await act(() => changeLanguage('zh-TW'));
    expect((await screen.findAllByText('暫無資料')).length).toBeGreaterThan(0);

    await act(() => changeLanguage('en-US'));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('month').textContent).toBe('January Monday');
  });
});
