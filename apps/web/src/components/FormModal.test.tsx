// The form dialog: values submitted and the dialog closed, a refusal kept in it, the failure gone on reopening, the
// pending OK button, cancelling.
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { InConsole } from '@/test/console';
import { renderAt } from '@/test/render';
import { FormModal, type FormModalProps } from './FormModal';

interface Values {
  name: string;
}

type Submit = (values: Values) => Promise<void>;

type Texts = Pick<FormModalProps<Values>, 'okText' | 'cancelText'>;

/** A caller as the dialogs are: it owns the form, opens the dialog, and marks it pending while a submit runs. */
function Caller({ onSubmit, onClose, ...texts }: { onSubmit: Submit; onClose: () => void } & Texts) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <FormModal<Values>
        {...texts}
        form={form}
        title="Rename camera"
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        initialValues={{ name: 'Gate' }}
        pending={pending}
        onSubmit={async (values) => {
          setPending(true);
          try {
            await onSubmit(values);
          } finally {
            setPending(false);
          }
        }}
      >
        <Form.Item name="name" label="Camera name" rules={[{ required: true, message: 'A name is needed.' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}

async function mount(onSubmit: Submit = () => Promise.resolve(), texts: Texts = {}) {
  const onClose = vi.fn();
  const submit = vi.fn(onSubmit);
  await renderAt('/', [
    {
      path: '/',
      element: (
        <InConsole>
          {/* Without motion a closed dialog leaves at once: jsdom never ends antd's CSS animations. */}
          <ConfigProvider theme={{ token: { motion: false } }}>
            <Caller {...texts} onSubmit={submit} onClose={onClose} />
          </ConfigProvider>
        </InConsole>
      ),
    },
  ]);
  const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  return { dialog, onClose, submit };
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const rename = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('Camera name'), { target: { value } });

/** A promise the test settles, standing for a call still on its way. */
function deferred() {
  let settle!: { resolve: () => void; reject: (e: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('FormModal', () => {
  it('submits the edited values and closes once the submit has gone through', async () => {
    const call = deferred();
    const { dialog, submit, onClose } = await mount(() => call.promise);
    rename(dialog, 'North gate');
    fireEvent.click(button(dialog, 'Save'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'North gate' }));
    expect(onClose).not.toHaveBeenCalled();
    call.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('submits nothing while a rule fails', async () => {
    const { dialog, submit } = await mount();
    rename(dialog, '');
    fireEvent.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('A name is needed.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const { dialog, onClose } = await mount(() =>
      Promise.reject(new ApiError('code', 4117, 'No permission to edit this device.')),
    );
    fireEvent.click(button(dialog, 'Save'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('No permission to edit this device.');
    expect(within(dialog).getByText('Rename camera')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal that names one of its fields on that field, and clears it once the field changes', async () => {
    const { dialog, onClose } = await mount(() =>
      Promise.reject(new ApiError('code', 409, 'A camera named Gate already exists.', { field: 'name' })),
    );
    fireEvent.click(button(dialog, 'Save'));
    const error = await within(dialog).findByText('A camera named Gate already exists.');
    expect(error.closest('.ant-form-item-explain-error')).not.toBeNull();
    expect(within(dialog).queryByRole('alert', { name: /already exists/ })).toBeNull();
    expect(dialog.querySelector('.ant-alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    rename(dialog, 'Gate 2');
    await waitFor(() => expect(within(dialog).queryByText('A camera named Gate already exists.')).toBeNull());
  });

  it('keeps a refusal naming a field the form does not have in the dialog', async () => {
    const { dialog } = await mount(() =>
      Promise.reject(new ApiError('code', 4000, 'Bad parent.', { field: 'parentId' })),
    );
    fireEvent.click(button(dialog, 'Save'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bad parent.');
  });

  it('shows any other failure as its text', async () => {
    const { dialog } = await mount(() => Promise.reject(new Error('socket hang up')));
    fireEvent.click(button(dialog, 'Save'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error: socket hang up');
  });

  it('drops the failure when the form is sent again', async () => {
    const second = deferred();
    const answers = [() => Promise.reject(new ApiError('code', 4117, 'Refused.')), () => second.promise];
    const { dialog } = await mount(() => answers.shift()!());
    fireEvent.click(button(dialog, 'Save'));
    await within(dialog).findByRole('alert');
    fireEvent.click(button(dialog, 'Save'));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    second.resolve();
  });

  it('opens again without the failure of the last time', async () => {
    const { dialog, onClose } = await mount(() => Promise.reject(new ApiError('code', 4117, 'Refused.')));
    fireEvent.click(button(dialog, 'Save'));
    await within(dialog).findByRole('alert');
    fireEvent.click(button(dialog, 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog');
    await within(reopened).findByLabelText('Camera name');
    expect(within(reopened).queryByRole('alert')).toBeNull();
  });

  it('spins the OK button while the submit runs', async () => {
    const call = deferred();
    const { dialog } = await mount(() => call.promise);
    const ok = button(dialog, 'Save');
    expect(ok.classList.contains('ant-btn-loading')).toBe(false);
    fireEvent.click(ok);
    await waitFor(() => expect(ok.classList.contains('ant-btn-loading')).toBe(true));
    call.resolve();
  });

  it('closes on cancel without submitting', async () => {
    const { dialog, onClose, submit } = await mount();
    fireEvent.click(button(dialog, 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
  });

  it('names its buttons Save and Cancel unless told otherwise', async () => {
    const { dialog } = await mount(undefined, { okText: 'Copy', cancelText: 'Back' });
    expect(button(dialog, 'Copy')).toBeTruthy();
    expect(button(dialog, 'Back')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
