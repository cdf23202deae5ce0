import { useEffect, useState } from 'react';
import { Button, Divider, Form, Input, InputNumber, Select, Space, Switch, Upload } from 'antd';
import { MailOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  cardRenewalPrice,
  currencyCode,
  currencyDigits,
  currencyRate,
  emailSchema,
  majorToMinor,
  minorToMajor,
  type SystemSettings,
  zonedDay,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { Co2FactorsFields } from './Co2FactorsFields.tsx';
import { sendTestMail, uploadLogo, useSaveSystemSettings, useSystemSettings } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { NumberWithUnit } from '../../../components/NumberWithUnit.tsx';

/** Today as YYYY-MM-DD in the viewer's zone: the date a newly added rate is taken on. */
const today = () => zonedDay(browserTimeZone(), Date.now());

/**
 * The system parameters: brand, default language, notice, mail test, income conversion (a display currency and
 * the rates to it, each with its date), the CO₂ factors, the price of an internet card per year, token lifetimes,
 * password policy.
 */
export function SettingsForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<SystemSettings>();
  const settings = useSystemSettings();
  const save = useSaveSystemSettings();
  const [logo, setLogo] = useState<string | null>(null);
  const [mailTo, setMailTo] = useState('');
  const [mailing, setMailing] = useState(false);
  // The price is kept in the currency's smallest unit (fen) and typed in its major unit (yuan).
  const renewalCurrency = Form.useWatch(['cardRenewal', 'currency'], form) || 'CNY';

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue(settings.data);
      setLogo(settings.data.logo);
    }
  }, [settings.data, form]);

  const submit = async () => {
    // A field that fails shows its own message; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync({ ...settings.data!, ...v, logo });
      void message.success(t('set.system.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length > 0)
        form.setFields(
          e.fieldErrors.map((f) => ({ name: f.field.split('.') as never, errors: [f.message] })),
        );
      else void message.error(errorMessage(e));
    }
  };
  const testMail = async () => {
    if (!emailSchema.safeParse(mailTo).success) {
      void message.error(t('validation.email'));
      return;
    }
    setMailing(true);
    try {
      const r = await sendTestMail(mailTo);
      if (r.sent) void message.success(t('set.system.mailSent', { to: mailTo }));
      else void message.error(t('set.system.mailFailed', { error: r.error ?? '' }));
    } catch {
      // shown by the request module
    } finally {
      setMailing(false);
    }
  };

  return (
    <QueryState
      look="spinner"
      isLoading={settings.isLoading}
      error={settings.error}
      isEmpty={false}
      onRetry={() => void settings.refetch()}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 14 }}
        data-testid="system-form"
      >
        <Divider titlePlacement="start">{t('set.system.brand')}</Divider>
        <Form.Item
          name="platformName"
          label={t('set.system.platformName')}
          rules={[{ required: true, max: 40, message: t('set.system.platformNameRule') }]}
        >
          <Input data-testid="system-platformName" />
        </Form.Item>
        <Form.Item label={t('set.system.logo')}>
          <Space>
            {logo && <img src={logo} alt="" className="system-logo-preview" />}
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                uploadLogo(file).then(
                  (r) => {
                    setLogo(r.logo);
                    void message.success(t('set.system.logoUploaded'));
                  },
                  () => undefined,
                );
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('set.system.uploadLogo')}</Button>
            </Upload>
            {logo && <Button onClick={() => setLogo(null)}>{t('set.system.defaultLogo')}</Button>}
          </Space>
        </Form.Item>
        <Form.Item name="defaultLanguage" label={t('set.system.defaultLanguage')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'zh', label: t('language.zh') },
              { value: 'en', label: t('language.en') },
            ]}
          />
        </Form.Item>
        <Divider titlePlacement="start">{t('set.system.notice')}</Divider>
        <Form.Item name={['notice', 'enabled']} label={t('set.system.noticeOn')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['notice', 'textZh']} label={t('set.system.noticeZh')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} placeholder={t('set.system.noticeBuiltIn')} />
        </Form.Item>
        <Form.Item name={['notice', 'textEn']} label={t('set.system.noticeEn')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} placeholder={t('set.system.noticeBuiltIn')} />
        </Form.Item>
        <Divider titlePlacement="start">{t('set.system.mail')}</Divider>
        <Form.Item label={t('set.system.testMail')} rules={[zodRule(emailSchema, t, 'validation.email')]}>
          <Space.Compact>
            <Input value={mailTo} onChange={(e) => setMailTo(e.target.value)} style={{ width: 260 }} />
            <Button icon={<MailOutlined />} loading={mailing} onClick={() => void testMail()}>
              {t('set.system.sendTest')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Divider titlePlacement="start">{t('set.system.currency')}</Divider>
        <Form.Item
          name={['currencyConversion', 'displayCurrency']}
          label={t('set.system.displayCurrency')}
          extra={t('set.system.displayCurrencyHelp')}
          normalize={(v: string) => (v ? v.toUpperCase() : null)}
          rules={[zodRule(currencyCode, t, 'validation.currency', { allowEmpty: true })]}
        >
          <Input style={{ width: 120 }} maxLength={3} data-testid="system-displayCurrency" />
        </Form.Item>
        <Form.Item label={t('set.system.rates')}>
          <Form.List name={['currencyConversion', 'rates']}>
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap data-testid="system-rate">
                    <Form.Item
                      name={[field.name, 'currency']}
                      normalize={(v: string) => v.toUpperCase()}
                      rules={[zodRule(currencyCode, t, 'validation.currency')]}
                    >
                      <Input
                        style={{ width: 90 }}
                        maxLength={3}
                        placeholder={t('set.system.rateCurrency')}
                        aria-label={t('set.system.rateCurrency')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'rate']}
                      rules={[zodRule(currencyRate.shape.rate, t, 'validation.rate')]}
                    >
                      <InputNumber
                        style={{ width: 180 }}
                        min={0}
                        step={0.0001}
                        placeholder={t('set.system.rateValue')}
                        aria-label={t('set.system.rateValue')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'date']}
                      rules={[zodRule(currencyRate.shape.date, t, 'validation.format')]}
                    >
                      <Input type="date" style={{ width: 160 }} aria-label={t('set.system.rateDate')} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)}>{t('set.system.removeRate')}</Button>
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ currency: '', rate: null, date: today() })}
                  data-testid="system-addRate"
                >
                  {t('set.system.addRate')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Co2FactorsFields />
        <Divider titlePlacement="start">{t('set.system.cardRenewal')}</Divider>
        <Form.Item
          name={['cardRenewal', 'pricePerYearMinor']}
          label={t('set.system.cardPricePerYear')}
          extra={t('set.system.cardPriceHelp')}
          getValueProps={(minor: number | null | undefined) => ({
            value: typeof minor === 'number' ? minorToMajor(minor, renewalCurrency) : minor,
          })}
          normalize={(major: number | null) =>
            typeof major === 'number' ? majorToMinor(major, renewalCurrency) : major
          }
          rules={[zodRule(cardRenewalPrice.shape.pricePerYearMinor, t, 'set.system.cardPriceRule')]}
        >
          <NumberWithUnit
            min={0}
            precision={currencyDigits(renewalCurrency)}
            style={{ width: 130 }}
            unit={renewalCurrency}
            data-testid="system-cardPrice"
          />
        </Form.Item>
        <Form.Item
          name={['cardRenewal', 'currency']}
          label={t('set.system.cardCurrency')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[zodRule(currencyCode, t, 'validation.currency')]}
        >
          <Input style={{ width: 120 }} maxLength={3} data-testid="system-cardCurrency" />
        </Form.Item>
        <Divider titlePlacement="start">{t('set.system.security')}</Divider>
        <Form.Item
          name="accessTokenTtlSeconds"
          label={t('set.system.accessTtl')}
          rules={[{ required: true }]}
        >
          <NumberWithUnit min={300} max={86_400} unit={t('set.system.seconds')} />
        </Form.Item>
        <Form.Item
          name="refreshTokenTtlSeconds"
          label={t('set.system.refreshTtl')}
          rules={[{ required: true }]}
        >
          <NumberWithUnit min={3_600} max={7_776_000} unit={t('set.system.seconds')} />
        </Form.Item>
        <Form.Item
          name={['passwordPolicy', 'minLength']}
          label={t('set.system.minLength')}
          rules={[{ required: true }]}
        >
          <InputNumber min={8} max={64} />
        </Form.Item>
        <Form.Item
          name={['passwordPolicy', 'requireDigit']}
          label={t('set.system.requireDigit')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['passwordPolicy', 'requireLetter']}
          label={t('set.system.requireLetter')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['passwordPolicy', 'requireSymbol']}
          label={t('set.system.requireSymbol')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="system-save"
          >
            {t('set.common.save')}
          </Button>
        </Form.Item>
      </Form>
    </QueryState>
  );
}
