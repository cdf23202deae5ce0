import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  SHIPMENT_CALLS,
  endpointPath,
  type ShipmentImportResult,
  type ShipmentItemRow,
  type ShipmentRowError,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { type ShipmentFilters, useShipmentImport, useShipmentItems } from './api.ts';
import { saveSecrets } from './saveSecrets.ts';

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
  const list = useListState<ShipmentFilters>({});
  const [mode, setMode] = useState<'all' | 'goodRows'>('all');
  const [result, setResult] = useState<ShipmentImportResult | null>(null);
  const query = useShipmentItems(list.filters, list.page, list.limit);
  const importer = useShipmentImport();
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
    <ListPage<ShipmentItemRow, ShipmentFilters>
      layout="single"
      testId="page-shipment"
      list={list}
      query={query}
      header={
        <>
          <div className="list-toolbar">
            <ExportButton
              path={endpointPath(SHIPMENT_CALLS.template, {})}
              fileName="shipment-template.xlsx"
              label={t('set.shipment.template')}
              icon={<DownloadOutlined />}
            />
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
        </>
      }
      search={
        <SearchForm<ShipmentFilters>
          onSearch={list.search}
          extra={
            <ExportButton
              path={endpointPath(SHIPMENT_CALLS.export, {})}
              params={{ ...list.filters }}
              fileName="shipments.xlsx"
            />
          }
        >
          <Form.Item name="serial" label={t('set.sn.serial')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="dealercode" label={t('set.accounts.dealercode')}>
            <Input allowClear />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'id',
        columns: [
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
        ],
      }}
    />
  );
}
