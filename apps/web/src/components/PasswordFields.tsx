// A new password and its confirmation (SPEC §5): the strength rule as the hint, and the two entries must match.
import type { ReactNode } from 'react';
import { Col, Form, Input, type ColProps, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, passwordRule, requiredRule, RULE_HINT } from '@/components/form-rules';

interface PasswordFieldsProps {
  /** The new password's field; its confirmation is `confirmPassword`. */
  name?: string;
  label: string;
  confirmLabel: string;
  /** Checks of the new password after the strength rule (not the old one again). */
  rules?: FormRule[];
  /** Fields whose change checks the new password again. */
  dependencies?: string[];
  /** Each field in a grid column (a two-column form). */
  column?: ColProps;
}

export function PasswordFields({
  name = 'password',
  label,
  confirmLabel,
  rules = [],
  dependencies,
  column,
}: PasswordFieldsProps) {
  const { t: tc } = useTranslation('common');
  const cell = (item: ReactNode) => (column ? <Col {...column}>{item}</Col> : item);
  return (
    <>
      {cell(
        <Form.Item
          name={name}
          className={RULE_HINT}
          label={label}
          extra={tc('validation.password')}
          dependencies={dependencies}
          // One message at a time: the first rule that fails.
          validateFirst
          rules={[requiredRule(tc), passwordRule(tc), ...rules]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
      {cell(
        <Form.Item
          name="confirmPassword"
          label={confirmLabel}
          dependencies={[name]}
          rules={[requiredRule(tc), confirmRule(tc, name)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
    </>
  );
}
