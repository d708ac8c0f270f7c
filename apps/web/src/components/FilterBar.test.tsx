// The filter row: text sent trimmed (an empty one as none), the length rule before searching, Reset clearing first.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InConsole } from '@/test/console';
import { renderAt } from '@/test/render';
import { FilterBar } from './FilterBar';

interface Values {
  name?: string;
  status?: number;
}

async function mount(onReset?: () => void) {
  const onSearch = vi.fn();
  await renderAt('/', [
    {
      path: '/',
      element: (
        <InConsole>
          <FilterBar<Values>
            fields={[
              { name: 'name', label: 'Name', max: 8 },
              {
                name: 'status',
                label: 'Status',
                options: [
                  { value: 1, label: 'Enabled' },
                  { value: 0, label: 'Disabled' },
                ],
              },
            ]}
            onSearch={onSearch}
            onReset={onReset}
          />
        </InConsole>
      ),
    },
  ]);
  const name = await screen.findByLabelText('Name', undefined, { timeout: 10_000 });
  return { onSearch, name };
}

const click = (text: string) => fireEvent.click(screen.getByText(text, { selector: 'button span' }).closest('button')!);

describe('FilterBar', () => {
  it('searches with the text trimmed, and with none for an empty text', async () => {
    const { onSearch, name } = await mount();
    fireEvent.change(name, { target: { value: '  Gate ' } });
    click('Search');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ name: 'Gate' });
    fireEvent.change(name, { target: { value: '   ' } });
    click('Search');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch.mock.calls[1]![0]).toMatchObject({ name: undefined });
    // No reset asked for, none shown.
    expect(screen.queryByText('Reset')).toBeNull();
  });

  it('names the length limit and does not search past it', async () => {
    const { onSearch, name } = await mount();
    fireEvent.change(name, { target: { value: 'Main gate north' } });
    click('Search');
    expect(await screen.findByText('At most 8 characters.')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('Reset clears the fields and then calls its handler', async () => {
    const onReset = vi.fn();
    const { onSearch, name } = await mount(onReset);
    fireEvent.change(name, { target: { value: 'Gate' } });
    click('Reset');
    expect(onReset).toHaveBeenCalledTimes(1);
    // The field is mounted afresh on reset.
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
