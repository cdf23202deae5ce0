import { Button, Divider, Form, Input, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { co2Factor, co2Factors } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/zodRule.ts';
import { NumberWithUnit } from '../../../components/NumberWithUnit.tsx';

const countryCode = co2Factors.shape.countries.element.shape.country;

/**
 * The CO₂ factors of the system settings (`co2Factors`): a default and one per country of the plants' grids, each
 * with its source, which the reports print beside the CO₂ they avoided. Part of the settings form.
 */
export function Co2FactorsFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kgRule = zodRule(co2Factor.shape.kgPerKwh, t, 'set.system.co2FactorRule');
  const sourceRule = zodRule(co2Factor.shape.source, t, 'set.system.co2SourceRule');
  /** One factor per country: a code typed twice is refused on the second row. */
  const uniqueCountry = (index: number) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const rows = (form.getFieldValue(['co2Factors', 'countries']) ?? []) as { country?: string }[];
      if (value && rows.some((r, i) => i < index && r.country === value))
        throw new Error(t('validation.duplicateCountry'));
    },
  });
  return (
    <>
      <Divider titlePlacement="start">{t('set.system.co2')}</Divider>
      <Typography.Paragraph type="secondary" style={{ marginLeft: '25%' }}>
        {t('set.system.co2Help')}
      </Typography.Paragraph>
      <Form.Item label={t('set.system.co2Default')} required>
        <Space align="baseline" wrap>
          <Form.Item name={['co2Factors', 'default', 'kgPerKwh']} rules={[kgRule]}>
            <NumberWithUnit
              min={0}
              max={2}
              step={0.001}
              style={{ width: 110 }}
              unit="kg/kWh"
              aria-label={t('set.system.co2Factor')}
              data-testid="co2-default-factor"
            />
          </Form.Item>
          <Form.Item name={['co2Factors', 'default', 'source']} rules={[sourceRule]}>
            <Input
              style={{ width: 320 }}
              maxLength={200}
              placeholder={t('set.system.co2Source')}
              aria-label={t('set.system.co2Source')}
              data-testid="co2-default-source"
            />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label={t('set.system.co2Countries')}>
        <Form.List name={['co2Factors', 'countries']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap data-testid="co2-country">
                  <Form.Item
                    name={[field.name, 'country']}
                    normalize={(v: string) => v.toUpperCase()}
                    dependencies={fields.map((f) => ['co2Factors', 'countries', f.name, 'country'])}
                    rules={[zodRule(countryCode, t, 'set.system.co2CountryRule'), uniqueCountry(field.name)]}
                  >
                    <Input
                      style={{ width: 90 }}
                      maxLength={2}
                      placeholder={t('set.system.co2Country')}
                      aria-label={t('set.system.co2Country')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'kgPerKwh']} rules={[kgRule]}>
                    <NumberWithUnit
                      min={0}
                      max={2}
                      step={0.001}
                      style={{ width: 110 }}
                      unit="kg/kWh"
                      aria-label={t('set.system.co2Factor')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'source']} rules={[sourceRule]}>
                    <Input
                      // Country, factor, source and Remove on one line in the form's column at 1440 px wide.
                      style={{ width: 260 }}
                      maxLength={200}
                      placeholder={t('set.system.co2Source')}
                      aria-label={t('set.system.co2Source')}
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('set.system.removeRate')}</Button>
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ country: '', kgPerKwh: null, source: '' })}
                data-testid="co2-add-country"
              >
                {t('set.system.co2AddCountry')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
