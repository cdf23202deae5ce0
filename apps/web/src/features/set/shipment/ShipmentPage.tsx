import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Table, Tag, Upload, message } from 'antd';
import {
  DownloadOutlined,
  ExportOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  LIMITS,
  type ShipmentImportResult,
  type ShipmentItemRow,
  type ShipmentRowError,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { downloadFile } from '../../../api/downloadFile.ts';
import { QueryState } from '../components/QueryState.tsx';
import { type ShipmentFilters, useShipmentImport, useShipmentItems } from './api.ts';
import { saveSecrets } from './saveSecrets.ts';
import '../components/set.css';

/** Column names of the report, as the template's headers name them. */
const FIELD_LABEL: Record<string, string> = {
  kind: 'set.sn.kind',
  serial: 'set.sn.serial',
  model: 'set.sn.model',
  firmware: 'set.shipment.firmware',
  iccid: 'set.shipment.iccid',
  dealercode: 'set.accounts.dealercode',
  collectorSerial: 'set.shipment.collector',
};

/** The validation report of the last import: what was stored, and each bad row with its reason. */
function ImportReport({ result }: { result: ShipmentImportResult }) {
  const { t } = useTranslation();
  return (
    <div data-testid="shipment-report" style={{ marginBottom: 16 }}>
      <Alert
        showIcon
        type={result.stored ? (result.errors.length ? 'warning' : 'success') : 'error'}
        title={
          result.stored
            ? t('set.shipment.stored', { imported: result.imported, rows: result.rows })
            : t('set.shipment.notStored', { bad: result.errors.length, rows: result.rows })
        }
        action={
          result.secrets.length > 0 && (
            <Button
              size="small"
              onClick={() => saveSecrets(result.secrets, `collector-secrets-${result.shipmentId}.csv`)}
            >
              {t('set.shipment.saveSecrets')}
            </Button>
          )
        }
      />
      {result.errors.length > 0 && (
        <Table<ShipmentRowError>
          size="small"
          rowKey={(r) => `${r.row}-${r.field}`}
          style={{ marginTop: 8 }}
          dataSource={result.errors}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('set.shipment.row'), dataIndex: 'row', width: 90 },
            { title: t('set.sn.serial'), dataIndex: 'serial', width: 180 },
            {
              title: t('set.shipment.field'),
              dataIndex: 'field',
              width: 140,
              render: (f: string) => (FIELD_LABEL[f] ? t(FIELD_LABEL[f]) : f),
            },
            { title: t('set.shipment.reason'), dataIndex: 'message' },
          ]}
        />
      )}
    </div>
  );
}

/** `shipment`: import shipment files (template, validation report, good rows or nothing), shipped items, export. */
export function ShipmentPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ShipmentFilters>();
  const [filters, setFilters] = useState<ShipmentFilters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizeDefault);
  const [mode, setMode] = useState<'all' | 'goodRows'>('all');
  const [result, setResult] = useState<ShipmentImportResult | null>(null);
  const query = useShipmentItems(filters, page, limit);
  const importer = useShipmentImport();
  const rows = query.data?.rows ?? [];

  const download = (path: string, params: Record<string, string | undefined>, name: string) =>
    downloadFile(path, params, name).catch((e: unknown) =>
      message.error(`${t('set.common.exportFailed')} ${errorMessage(e)}`),
    );
  const upload = async (file: File) => {
    setResult(null);
    try {
      const r = await importer.mutateAsync({ file, mode });
      setResult(r);
      // The secrets are shown once: save them at once so that they are not lost with the page.
      if (r.secrets.length > 0) saveSecrets(r.secrets, `collector-secrets-${r.shipmentId}.csv`);
    } catch {
      // The request module has shown the reason.
    }
  };

  return (
    <div className="app-container set-page" data-testid="page-shipment">
      <Card>
        <div className="set-toolbar">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download('/shipment/template', {}, 'shipment-template.xlsx')}
          >
            {t('set.shipment.template')}
          </Button>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'all' | 'goodRows')}>
            <Radio value="all">{t('set.shipment.modeAll')}</Radio>
            <Radio value="goodRows">{t('set.shipment.modeGood')}</Radio>
          </Radio.Group>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={importer.isPending}
              data-testid="shipment-upload"
            >
              {t('set.shipment.import')}
            </Button>
          </Upload>
        </div>
        {result && <ImportReport result={result} />}
        <Form form={form} layout="inline" className="set-search">
          <Form.Item name="serial" label={t('set.sn.serial')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="dealercode" label={t('set.accounts.dealercode')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button
                type="primary"
                icon={<SearchOutlined />}
                onClick={() => {
                  const v = form.getFieldsValue();
                  setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x)));
                  setPage(1);
                }}
              >
                {t('set.common.search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  setFilters({});
                  setPage(1);
                }}
              >
                {t('set.common.reset')}
              </Button>
              <Button
                icon={<ExportOutlined />}
                onClick={() => void download('/shipment/export', { ...filters }, 'shipments.xlsx')}
              >
                {t('set.common.export')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <QueryState
          loading={query.isLoading}
          error={query.error}
          empty={!query.isLoading && rows.length === 0}
          onRetry={() => void query.refetch()}
        >
          <Table<ShipmentItemRow>
            rowKey="id"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                title: t('set.sn.kind'),
                dataIndex: 'kind',
                width: 100,
                render: (k: string) => <Tag>{t(`set.sn.kinds.${k}`)}</Tag>,
              },
              { title: t('set.sn.serial'), dataIndex: 'serial' },
              { title: t('set.sn.model'), dataIndex: 'model' },
              { title: t('set.shipment.firmware'), dataIndex: 'firmware' },
              { title: t('set.shipment.iccid'), dataIndex: 'iccid' },
              { title: t('set.accounts.dealercode'), dataIndex: 'dealercode' },
              { title: t('set.shipment.collector'), dataIndex: 'collectorSerial' },
              {
                title: t('set.shipment.importedAt'),
                dataIndex: 'createdAt',
                render: (v: string) => formatDate(v),
              },
            ]}
          />
        </QueryState>
        <Pagination
          total={query.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
      </Card>
    </div>
  );
}
