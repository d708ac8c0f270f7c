// Enterprise info: every field required (SPEC §5), the logo id saved, read-only without info-edit.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import EnterpriseInfoPage from './EnterpriseInfoPage';

const INFO = {
  name: 'Acme Security',
  identity: '91310000MA1FL0001X',
  scale: '50-199',
  industry: 'Security',
  mainBusiness: 'Video surveillance',
  region: 'China',
  address: '1 Century Avenue, Shanghai',
  mobile: '13800138000',
  email: 'ops@acme.example.com',
  backupEmail: 'it@acme.example.com',
  platformId: 'acme',
  logoFileId: 12,
  logoUrl: '/api/file/12',
};

async function open(keys: string[], info: Partial<typeof INFO> = {}) {
  const view = await renderInConsole(<EnterpriseInfoPage />, {
    session: sessionWith(keys),
    handlers: {
      '/api/platform/query': () => ({ code: 1, data: { ...INFO, ...info } }),
      '/api/platform/update': () => ({ code: 1, data: null }),
    },
  });
  await screen.findByDisplayValue('Acme Security', undefined, { timeout: 10_000 });
  return view;
}

afterEach(() => resetApiEnvironment());

describe('EnterpriseInfoPage', () => {
  it('saves every field with the logo id', async () => {
    const { callsTo } = await open(['info', 'info-edit']);
    expect(screen.getByRole('img', { name: 'Enterprise logo' }).getAttribute('src')).toBe('/api/file/12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/platform/update')).toHaveLength(1));
    const { logoUrl: _url, ...fields } = INFO;
    expect(callsTo('/api/platform/update')[0]!.body).toEqual(fields);
  });

  it('requires every field and checks mobile and email formats before sending', async () => {
    const { callsTo } = await open(['info', 'info-edit'], {
      address: null as unknown as string,
      logoFileId: null as unknown as number,
    });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('Backup email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(screen.getByText('Enter a valid mobile number.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(callsTo('/api/platform/update')).toHaveLength(0);
  });

  it('is read-only without info-edit', async () => {
    await open(['info']);
    expect(screen.getByText(/changing it needs the edit enterprise info privilege/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Replace logo/ })).toBeNull();
    expect((screen.getByLabelText('Enterprise name') as HTMLInputElement).disabled).toBe(true);
  });
});
