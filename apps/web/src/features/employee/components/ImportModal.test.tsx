// Staff import: the file checks before sending, the multipart call, and the per-row report of refused rows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { ImportModal, importFileProblem } from './ImportModal';

const REPORT = {
  added: 2,
  refused: [
    { row: 3, loginName: 'taken1', reason: 'This login name is already taken.' },
    { row: 5, loginName: null, reason: 'Unknown role: Guards' },
  ],
};

async function open() {
  const view = await renderInConsole(<ImportModal open onClose={() => {}} />, {
    session: sessionWith(['user', 'user-import']),
    handlers: { '/api/employee/import': () => ({ code: 1, data: REPORT }) },
  });
  await screen.findByText('Import staff from a file', undefined, { timeout: 10_000 });
  return view;
}

const choose = (name: string, size = 10) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['x'.repeat(size)], name);
  fireEvent.change(input, { target: { files: [file] } });
};
const importButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' });

afterEach(() => resetApiEnvironment());

describe('importFileProblem', () => {
  it('accepts .xlsx and .csv up to 2 MB, whatever the case of the extension', () => {
    expect(importFileProblem({ name: 'staff.XLSX', size: 100 })).toBeNull();
    expect(importFileProblem({ name: 'staff.csv', size: 2 * 1024 * 1024 })).toBeNull();
    expect(importFileProblem({ name: 'staff.xls', size: 100 })).toBe('import.wrongType');
    expect(importFileProblem({ name: 'staff.csv', size: 2 * 1024 * 1024 + 1 })).toBe('import.tooLarge');
  });
});

describe('ImportModal', () => {
  it('sends the chosen file and shows how many were added and each refused row with its reason', async () => {
    const { callsTo } = await open();
    choose('staff.csv');
    expect(await screen.findByText('staff.csv')).toBeTruthy();
    fireEvent.click(importButton());
    expect(await screen.findByText('2 added, 2 refused.')).toBeTruthy();
    expect(callsTo('/api/employee/import')).toHaveLength(1);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'taken1', 'This login name is already taken.'],
      ['5', '—', 'Unknown role: Guards'],
    ]);
  });

  it('refuses another file type before sending anything, and asks for a file when none is chosen', async () => {
    const { callsTo } = await open();
    choose('staff.txt');
    expect(await screen.findByText('Upload a .xlsx or .csv file.')).toBeTruthy();
    fireEvent.click(importButton());
    expect(await screen.findByText('Choose a file to import.')).toBeTruthy();
    await waitFor(() => expect(callsTo('/api/employee/import')).toHaveLength(0));
  });
});
