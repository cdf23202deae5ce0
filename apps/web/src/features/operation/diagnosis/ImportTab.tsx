import { useState } from 'react';
import { Alert, Button, Descriptions, Form, InputNumber, Select, Space, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { IvDiagnosisResult } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { useIvMutations, useIvTemplates } from './api.ts';
import { CLASS_COLORS } from './ClassTags.tsx';
import { parseTracerCsv } from './parseTracerCsv.ts';
import { SecondClass } from './SecondClass.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';

interface ImportForm {
  templateId: number;
  poaWm2: number;
  moduleTempC: number;
}

/** A field tracer's curve (CSV) diagnosed against a template, through the same open door any tracer may use. */
export function ImportTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<ImportForm>();
  const templates = useIvTemplates();
  const { diagnose } = useIvMutations();
  const [points, setPoints] = useState<[number, number][] | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [result, setResult] = useState<IvDiagnosisResult | null>(null);

  const read = async (file: File) => {
    const parsed = parseTracerCsv(await file.text());
    setResult(null);
    if ('badLine' in parsed) {
      setPoints(null);
      setFileError(t('iv.csvBadLine', { line: parsed.badLine }));
    } else {
      setPoints(parsed.points);
      setFileError(parsed.points.length === 0 ? t('iv.csvEmpty') : undefined);
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    const template = templates.data?.find((x) => x.id === v.templateId);
    if (!template || !points || points.length === 0) {
      setFileError(t('iv.csvEmpty'));
      return;
    }
    try {
      setResult(
        await diagnose.mutateAsync({
          module: template.module,
          modulesInSeries: template.modulesPerString,
          conditions: { poaWm2: v.poaWm2, moduleTempC: v.moduleTempC },
          points,
        }),
      );
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" title={t('iv.importHelp')} />
      <Form form={form} layout="inline" initialValues={{ poaWm2: 800, moduleTempC: 45 }}>
        <Form.Item name="templateId" label={t('iv.template')} rules={[{ required: true }]}>
          <Select
            style={{ width: 220 }}
            options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
        <Form.Item name="poaWm2" label={t('iv.poa')} rules={[{ required: true }]}>
          <InputNumber min={1} max={1500} />
        </Form.Item>
        <Form.Item name="moduleTempC" label={t('iv.moduleTemp')} rules={[{ required: true }]}>
          <InputNumber min={-40} max={100} />
        </Form.Item>
        <Form.Item>
          <Upload
            accept=".csv,.txt"
            maxCount={1}
            beforeUpload={(file) => {
              void read(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('iv.chooseCsv')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" onClick={() => void submit()} loading={diagnose.isPending}>
          {t('iv.diagnose')}
        </Button>
      </Form>
      {fileError && <Alert type="error" title={fileError} />}
      {points && !fileError && <span>{t('iv.csvPoints', { count: points.length })}</span>}
      {result && (
        <Descriptions bordered size="small" column={2} data-testid="iv-import-result">
          <Descriptions.Item label={t('iv.faultClass')}>
            <Tag color={CLASS_COLORS[result.faultClass] ?? 'warning'}>
              {t(`iv.classes.${result.faultClass}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('iv.confidence')}>
            {(result.confidence * 100).toFixed(0)} %
          </Descriptions.Item>
          <Descriptions.Item label={t('iv.secondClass')}>
            <SecondClass
              first={result.faultClass}
              confidence={result.confidence}
              second={result.secondClass}
              secondConfidence={result.secondConfidence}
              lowConfidence={result.lowConfidence}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('iv.performanceFactor')}>
            {result.performanceFactor.toFixed(3)}
          </Descriptions.Item>
          <Descriptions.Item label={t('iv.pmpStc')}>{result.stc.pmpW.toFixed(0)} W</Descriptions.Item>
          <Descriptions.Item label={t('iv.advice')} span={2}>
            {result.advice}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
