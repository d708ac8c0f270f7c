// Confirm-then-act dialogs of the lists: the question, the call on OK and its success message; a refusal is the api
// client's to show, and the dialog closes either way.
import type { ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ConfirmAction<T> {
  title: ReactNode;
  content?: ReactNode;
  /** "Confirm" unless set. */
  okText?: ReactNode;
  danger?: boolean;
  /** The call made on OK (a mutation's `mutateAsync`). */
  run: () => Promise<T>;
  /** Said once the call succeeds. */
  done?: string;
  /** After a success, with its answer (a selection to clear, a generated password to show). */
  onDone?: (result: T) => void;
  afterClose?: () => void;
}

export function useConfirmAction(): <T>(action: ConfirmAction<T>) => void {
  const { t: tc } = useTranslation('common');
  const { modal, message } = App.useApp();
  return ({ title, content, okText, danger, run, done, onDone, afterClose }) => {
    modal.confirm({
      title,
      content,
      afterClose,
      okText: okText ?? tc('action.confirm'),
      okButtonProps: { danger },
      cancelText: tc('action.cancel'),
      // The message's own promise is not returned: the dialog would stay open until the message goes.
      onOk: () =>
        run().then(
          (result) => {
            onDone?.(result);
            if (done) void message.success(done);
          },
          () => undefined,
        ),
    });
  };
}

/** The delete confirmation: a red "Delete" on OK. */
export function useConfirmDelete(): <T>(action: Omit<ConfirmAction<T>, 'okText' | 'danger'>) => void {
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmAction();
  return (action) => confirm({ ...action, okText: tc('action.delete'), danger: true });
}
