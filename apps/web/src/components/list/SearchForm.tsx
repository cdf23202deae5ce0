import type { ReactNode } from 'react';
import { Button, Form, type FormInstance, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { filledFields } from './useListState.ts';

/**
 * A list screen's search: its fields inline, then search and reset (one look on every screen) and any `extra`
 * buttons. Search hands over the filled fields; reset clears the form to its initial values and searches again.
 */
export function SearchForm<V extends object>({
  form: given,
  initialValues,
  onSearch,
  reset = true,
  extra,
  name,
  testId,
  children,
}: {
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  onSearch(values: Partial<V>): void;
  /** Screens whose search has no reset (the device logs, the fault records) pass false. */
  reset?: boolean;
  extra?: ReactNode;
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      className="list-search"
      initialValues={initialValues}
      onFinish={(values) => onSearch(filledFields(values))}
      data-testid={testId}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('common.search')}
          </Button>
          {reset && (
            <Button
              icon={<ReloadOutlined />}
              data-testid="search-reset"
              onClick={() => {
                form.resetFields();
                onSearch(filledFields(form.getFieldsValue()));
              }}
            >
              {t('common.reset')}
            </Button>
          )}
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
