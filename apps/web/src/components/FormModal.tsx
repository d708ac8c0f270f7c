// The dialog around one form: Modal, vertical Form, the failure Alert above the fields, and the submit that fills it.
import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';

type FieldName<Values> = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];

export interface FormModalProps<Values> {
  form: FormInstance<Values>;
  title: ReactNode;
  open: boolean;
  /** antd's 520 unless set. */
  width?: number;
  /** Cancel, the close icon, Escape, the mask; also called once `onSubmit` resolves. */
  onClose: () => void;
  initialValues?: FormProps<Values>['initialValues'];
  /** The call is running: the OK button spins. */
  pending: boolean;
  /** Sends the validated values (and says so); a rejection stays in the dialog as its failure, the dialog stays open. */
  onSubmit: (values: Values) => Promise<void>;
  /** Save unless set. */
  okText?: ReactNode;
  /** Cancel unless set. */
  cancelText?: ReactNode;
  /** Class of the form element. */
  className?: string;
  /** Shown below the form, outside it: nothing there is a form value. */
  afterForm?: ReactNode;
  /** The form items. */
  children: ReactNode;
}

export function FormModal<Values>({
  form,
  title,
  open,
  width,
  onClose,
  initialValues,
  pending,
  onSubmit,
  okText,
  cancelText,
  className,
  afterForm,
  children,
}: FormModalProps<Values>) {
  const { t: tc } = useTranslation('common');
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      await onSubmit(values);
      onClose();
    } catch (e) {
      const text = isApiError(e) ? e.message : String(e);
      // A refusal that names one of the form's fields (a name already taken) is shown on that field.
      const field = errorField(e);
      if (field !== null && field in (form.getFieldsValue(true) as object)) {
        form.setFields([{ name: field as FieldName<Values>, errors: [text] }]);
      } else {
        setFailure(text);
      }
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? tc('action.save')}
      cancelText={cancelText ?? tc('action.cancel')}
      confirmLoading={pending}
      destroyOnHidden
      // The fields go with the dialog (destroyOnHidden, preserve={false}); the failure is state here, so it goes on close.
      afterOpenChange={(visible) => !visible && setFailure(undefined)}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        className={className}
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        {children}
      </Form>
      {afterForm}
    </Modal>
  );
}

/** The field an answer names in its data (`{ field }`), if any. */
export function errorField(e: unknown): string | null {
  if (!isApiError(e) || typeof e.data !== 'object' || e.data === null) return null;
  const field = (e.data as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}
