import { useMemo, useState } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { IvTask, IvTaskBody } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { useIvInverters, useIvMutations, useIvTasks, useIvTemplates } from './api.ts';
import { ClassTags } from './ClassTags.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { pathOf } from '../../../router/paths.ts';
import { PagedRows } from '../../../components/list/PagedRows.tsx';
import { usePaging } from '../../../components/list/useListState.ts';

const STATE_COLORS: Record<IvTask['state'], string> = {
  issued: 'default',
  scanning: 'processing',
  complete: 'success',
};

/** Starting a scan: a template, a plant and its inverters, and the user's password again. */
function ScanDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<IvTaskBody>();
  const templates = useIvTemplates();
  const inverters = useIvInverters();
  const { startTask } = useIvMutations();
  const [refused, setRefused] = useState<{ serial: string; message: string }[]>([]);
  const plantId = Form.useWatch('plantId', form);
  const plants = useMemo(() => {
    const byId = new Map<number, string>();
    for (const d of inverters.data ?? []) byId.set(d.plantId, d.plantName);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [inverters.data]);
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const answer = await startTask.mutateAsync(v);
      if (answer.refused.length > 0) setRefused(answer.refused);
      else {
        void message.success(t('iv.issued'));
        onClose();
      }
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={t('iv.newScan')}
      onCancel={onClose}
      onOk={() => (refused.length > 0 ? onClose() : void submit())}
      okText={refused.length > 0 ? t('common.close') : t('iv.startScan')}
      confirmLoading={startTask.isPending}
      okButtonProps={{ 'data-testid': 'iv-scan-start' } as ButtonProps}
    >
      {refused.length > 0 ? (
        <Alert
          type="warning"
          data-testid="iv-refused"
          title={t('iv.issuedWithRefusals')}
          description={refused.map((r) => (
            <div key={r.serial}>
              {r.serial}: {r.message}
            </div>
          ))}
        />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('iv.taskName')} rules={[{ required: true, max: 60 }]}>
            <Input data-testid="iv-task-name" />
          </Form.Item>
          <Form.Item name="templateId" label={t('iv.template')} rules={[{ required: true }]}>
            <Select
              data-testid="iv-task-template"
              options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
          <Form.Item name="plantId" label={t('iv.plant')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="iv-task-plant"
              options={plants}
              onChange={() => form.setFieldValue('serials', [])}
            />
          </Form.Item>
          <Form.Item name="serials" label={t('iv.inverters')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              data-testid="iv-task-inverters"
              options={(inverters.data ?? [])
                .filter((d) => d.plantId === plantId)
                .map((d) => ({
                  value: d.serial,
                  label: `${d.serial}${d.online ? '' : ` (${t('iv.offline')})`}`,
                }))}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('iv.password')}
            extra={t('iv.passwordWhy')}
            rules={[{ required: true }]}
          >
            <Input.Password autoComplete="current-password" data-testid="iv-task-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Tasks a page shows at first (the pagination offers more). */
const TASKS_PER_PAGE = 20;

/**
 * The tasks, newest first, a page at a time from the server, with their state and strings by class; a finished one
 * opens its results.
 */
export function TasksTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging(TASKS_PER_PAGE);
  const tasks = useIvTasks(paging.page, paging.limit);
  const [open, setOpen] = useState(false);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="iv-new-scan">
        {t('iv.newScan')}
      </Button>
      <PagedRows<IvTask>
        query={tasks}
        paging={paging}
        states="table"
        size="small"
        table={{
          rowKey: 'id',
          'data-testid': 'iv-tasks',
          columns: [
            { title: t('iv.taskName'), dataIndex: 'name' },
            { title: t('iv.plant'), dataIndex: 'plantName' },
            { title: t('iv.template'), dataIndex: 'templateName' },
            {
              title: t('iv.state'),
              dataIndex: 'state',
              render: (s: IvTask['state']) => <Tag color={STATE_COLORS[s]}>{t(`iv.states.${s}`)}</Tag>,
            },
            { title: t('iv.inverters'), dataIndex: 'inverters' },
            { title: t('iv.strings'), dataIndex: 'strings' },
            { title: t('iv.classesTitle'), render: (_, r) => <ClassTags classes={r.classes} /> },
            {
              title: t('iv.createdAt'),
              dataIndex: 'createdAt',
              render: (v: string) => formatZoned(v, browserTimeZone()),
            },
            {
              title: t('common.operation'),
              render: (_, r) => (
                <Button
                  type="link"
                  size="small"
                  data-testid={`iv-results-${r.id}`}
                  onClick={() => void navigate(pathOf('diagnosisResults', { taskId: r.id }))}
                >
                  {t('iv.results')}
                </Button>
              ),
            },
          ],
        }}
      />
      {open && <ScanDialog onClose={() => setOpen(false)} />}
    </Space>
  );
}
