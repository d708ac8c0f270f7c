// A labelled text field of the public pages with its error wired for screen readers.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, EyeIcon } from './icons';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
  label: string;
  /** Already translated error text. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Rendered beside the input (captcha image, resend button). */
  addon?: ReactNode;
}

export function Field({ label, error, hint, addon, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="pub-field">
      <label htmlFor={id}>{label}</label>
      <div className="pub-input-wrap">
        <input
          id={id}
          className={`pub-input ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {addon}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="pub-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="pub-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Password field with a show/hide toggle; the toggle says what it will do next. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      className="has-toggle"
      addon={
        <button
          type="button"
          className="pub-toggle"
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={visible} />
        </button>
      }
    />
  );
}

export function Alert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div className={`pub-alert ${tone === 'info' ? 'info' : ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      <AlertIcon />
      <div>{children}</div>
    </div>
  );
}
