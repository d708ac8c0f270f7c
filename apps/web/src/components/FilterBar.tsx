// A list's filter row: its fields in one wrapping line, then Search and (when asked) Reset. Text fields reach the
// caller trimmed, an empty one as none; a choice left empty ("All") filters nothing.
import type { ReactElement } from 'react';
import { Button, Form, Input, Select, Space, type FormInstance, type FormProps, type FormRule } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLengthRule, optionalText } from '@/components/form-rules';
import './filter-bar.css';

interface FieldBase<V> {
  name: keyof V & string;
  /** Before the field, or with `labels="hidden"` its accessible name only (the placeholder says what it holds). */
  label: string;
  placeholder?: string;
  width?: number;
}

/** Free text of at most `max` characters. */
export interface TextFilter<V> extends FieldBase<V> {
  max: number;
}

/** One of `options`; "All" (or the placeholder) when empty. */
export interface ChoiceFilter<V> extends FieldBase<V> {
  options: readonly { value: string | number; label: string }[];
  /** Typing narrows the options by their label. */
  search?: boolean;
  popupMatchSelectWidth?: boolean;
}

/** A control of the caller's own (a project tree, a date); with hidden labels it names itself. */
export interface ControlFilter<V> extends FieldBase<V> {
  control: ReactElement;
}

export type FilterField<V> = TextFilter<V> | ChoiceFilter<V> | ControlFilter<V>;

interface FilterBarProps<V> {
  /** The caller's form, when it reads or sets fields itself. */
  form?: FormInstance<V>;
  /** Prefix of the field ids. */
  name?: string;
  /** `hidden` for a long row of self-explaining fields: the labels only name them for assistive technology. */
  labels?: 'shown' | 'hidden';
  initialValues?: FormProps<V>['initialValues'];
  /** Absent entries (a field the user may not use) are skipped. */
  fields: readonly (FilterField<V> | false | undefined)[];
  onSearch: (values: V) => void;
  /** Present: a Reset button, which clears the fields and then calls it. */
  onReset?: () => void;
}

export function FilterBar<V extends object>({
  form,
  name,
  labels = 'shown',
  initialValues,
  fields,
  onSearch,
  onReset,
}: FilterBarProps<V>) {
  const { t: tc } = useTranslation('common');
  const [own] = Form.useForm<V>(form);
  const shown = fields.filter((f): f is FilterField<V> => Boolean(f));
  const hidden = labels === 'hidden';

  function search(values: V) {
    const trimmed = { ...values } as Record<string, unknown>;
    for (const f of shown) if (isText(f)) trimmed[f.name] = optionalText(trimmed[f.name] as string | undefined);
    onSearch(trimmed as V);
  }

  function control(f: FilterField<V>) {
    if ('control' in f) return f.control;
    const common = {
      allowClear: true,
      'aria-label': hidden ? f.label : undefined,
      style: f.width ? { width: f.width } : undefined,
    };
    if ('options' in f)
      return (
        <Select
          {...common}
          placeholder={f.placeholder ?? tc('filter.all')}
          options={[...f.options]}
          showSearch={f.search ? { optionFilterProp: 'label' } : undefined}
          popupMatchSelectWidth={f.popupMatchSelectWidth}
        />
      );
    return <Input {...common} placeholder={f.placeholder} />;
  }

  const rules = (f: FilterField<V>): FormRule[] | undefined => (isText(f) ? [maxLengthRule(tc, f.max)] : undefined);

  return (
    <Form<V>
      form={own}
      name={name}
      layout="inline"
      className="filter-bar"
      initialValues={initialValues}
      onFinish={search}
    >
      {shown.map((f) => (
        <Form.Item key={f.name} name={f.name as never} label={hidden ? undefined : f.label} rules={rules(f)}>
          {control(f)}
        </Form.Item>
      ))}
      {/* One item, so a wrapping row keeps Search and Reset together. */}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {tc('action.search')}
          </Button>
          {onReset && (
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                own.resetFields();
                onReset();
              }}
            >
              {tc('action.reset')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

function isText<V>(f: FilterField<V>): f is TextFilter<V> {
  return 'max' in f;
}
